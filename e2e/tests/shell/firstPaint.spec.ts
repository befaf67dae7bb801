import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { signInThroughApi } from '../../support/signInThroughApi';
import { E2E_BASE_URL } from '../../support/ports';
import { LandingPage } from './pages/LandingPage';
import { holdRequests } from '../../support/holdRequests';

const HERO = 'The CRM built for American entrepreneurs, small businesses and non-profits';

/** Holds the app's entry script back until `release()` is called: what happens before is index.html's own doing. */
const holdAppCode = (page: Page) => holdRequests(page, '**/static/js/index.*.js');

type FirstViewRecord = { path: string; userId: string; day: string; scripts: string[]; requests: { url: string }[] };

/** The record of this browser's last first view (libs/boot firstView), or null. */
const storedRecord = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('steward:first-view') ?? 'null') as FirstViewRecord | null);

test.describe('the first paint comes from index.html', () => {
  test('a visitor reads the landing before any of the app’s JavaScript has arrived', async ({ page }) => {
    // Hold back every script file: what shows is what index.html paints by itself.
    await page.route('**/static/js/**', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Everything your organization runs on' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply for Access' })).toBeVisible();
    // Styled already: the hero is laid out by the inline landing styles, not the browser's defaults.
    const hero = page.locator('.stw-landing__hero');
    expect(await hero.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
  });

  test('the app then adopts that page in place (hydration): one landing, one main heading, no mismatch', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Hold the app's first script until the painted page is marked, to tell adoption from a re-render.
    const release = await holdAppCode(page);
    const landing = new LandingPage(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.stw-landing')).toBeVisible();
    await page.locator('.stw-landing').evaluate((element) => element.setAttribute('data-painted-by', 'index.html'));
    release();
    await page.waitForLoadState('networkidle');

    // Only the running app opens the dialog: the painted button has no handler.
    await landing.openSignIn();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('.stw-landing')).toHaveCount(1);
    expect(errors).toEqual([]);
    await expect(page.locator('.stw-landing')).toHaveAttribute('data-painted-by', 'index.html');
  });

  test('a new visitor’s landing neither loads the API client nor calls the API; Sign In brings it', async ({ page }) => {
    const apiCalls: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('request', (request) => {
      if (/\/(auth|rest|storage)\/v1\//.test(request.url())) apiCalls.push(request.url());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const hasAuthClient = async () => (await Promise.all(scripts)).some((code) => code.includes('GoTrueClient'));

    const landing = new LandingPage(page);
    await landing.goto();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    expect(await hasAuthClient()).toBe(false);

    const dialog = await landing.openSignIn();
    await dialog.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    expect(await hasAuthClient()).toBe(true);
    expect(apiCalls.some((url) => url.includes('/auth/v1/token'))).toBe(true);
  });

  test('a stored session opening a page with no record of it gets the shell’s signed-in code from index.html, each file once', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') fetched.push(new URL(request.url()).pathname);
    });
    // With the app's entry held back, only index.html can ask for the signed-in chunks (supabase-js is
    // not among them: this session's token is fresh, so the first view goes without it).
    const release = await holdAppCode(page);
    const asked = ['/signed-in.', '/libs-signed-in.', '/bootstrap.'].map((name) =>
      page.waitForRequest((request) => request.url().includes(`/static/js/async${name}`)),
    );
    await page.goto('/contacts', { waitUntil: 'commit' });
    await Promise.all(asked);
    release();
    await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // A preload the app's own loading did not take up would show as the same file fetched twice.
    const twice = fetched.filter((path, index) => fetched.indexOf(path) !== index);
    expect(twice).toEqual([]);
  });

  test('a fresh session’s first view draws its rows without supabase-js, which arrives once they are shown and keeps the session', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    // supabase-js held back: whatever the first view needs of it would wait here.
    const supabaseAsked = page.waitForRequest((request) => request.url().includes('/static/js/async/lib-supabase.'));
    const release = await holdRequests(page, '**/static/js/async/lib-supabase.*.js');
    for (const path of ['/businesses', '/dashboard']) {
      await page.goto(path);
      if (path === '/businesses') await expect(page.getByRole('row').nth(1)).toBeVisible();
      else await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    }
    // Once a view is shown the page asks for supabase-js (it keeps the token refreshed and hears
    // sign-outs); with it, signing out works as ever.
    await supabaseAsked;
    release();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key)))).toBe(false);
  });

  test('a session whose token is about to expire is refreshed by supabase-js before its first view reads', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/businesses');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // This page's own reads done (its token is the one about to be aged), before the reload's are watched.
    await page.waitForLoadState('networkidle');
    // The stored token now has a minute left: too close to expiry to be used as it stands.
    const staleToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
      const session = JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
      session.expires_at = Math.floor(Date.now() / 1000) + 60;
      localStorage.setItem(key, JSON.stringify(session));
      return session.access_token;
    });
    // The reloaded page's reads only: from its own document request on (a read the page before still
    // sends with its token is not the new page's).
    const sentTokens: string[] = [];
    let reloaded = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) reloaded = true;
      else if (reloaded && request.url().includes('/rest/v1/')) sentTokens.push(request.headers()['authorization'] ?? '');
    });
    await page.reload();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(sentTokens.length).toBeGreaterThan(0);
    expect(sentTokens).not.toContain(`Bearer ${staleToken}`);
  });

  test('another page, or a visitor with a stored session, never sees the landing flash by', async ({ page }) => {
    await page.route('**/static/js/**', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();

    await page.unroute('**/static/js/**');
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.route('**/static/js/**', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('a returning staff member’s dashboard, chart included, and a list’s first view are drawn without antd; the first panel drawn with it brings it', async ({ page }) => {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
  await expect(page.getByRole('img', { name: /^Revenue by month, last 12 months:/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // antd's stylesheet (served by the shell, which provides the one shared antd) defines .ant-btn, and
  // antd's components carry ant- classes. A remote's own stylesheets, from its origin, are not readable.
  const antdOnPage = () =>
    page.evaluate(() => ({
      stylesheet: [...document.styleSheets].some((sheet) => {
        if (sheet.href && new URL(sheet.href).origin !== location.origin) return false;
        return [...sheet.cssRules].some((rule) => rule.cssText.includes('.ant-btn'));
      }),
      elements: document.querySelectorAll('[class*="ant-"]').length,
    }));
  expect(await antdOnPage()).toEqual({ stylesheet: false, elements: 0 });

  await page.goto('/businesses');
  await expect(page.getByRole('table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await antdOnPage()).toEqual({ stylesheet: false, elements: 0 });

  await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
  const after = await antdOnPage();
  expect(after.stylesheet).toBe(true);
  expect(after.elements).toBeGreaterThan(0);
});

test.describe('a returning staff member’s first view starts from index.html', () => {
  const API_READ = /\/(rest|auth)\/v1\//;

  test('the reads the dashboard needed last time leave before the app’s code has arrived, and are not asked twice', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    const figures = await page.locator('.stw-stat-card__value').allTextContents();
    // The figures on screen: the record of this first view is kept for the next visit.
    await expect.poll(() => storedRecord(page)).not.toBeNull();
    const recorded = (await storedRecord(page))!;
    expect(recorded.requests.some((request) => request.url.includes('/rpc/dashboard_stats'))).toBe(true);
    expect(recorded.scripts.length).toBeGreaterThan(0);

    // Next visit: the app's code is held back until its reads have been seen leaving.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (API_READ.test(request.url()) && request.method() === 'GET') reads.push(request.url());
    });
    const release = await holdAppCode(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect.poll(() => reads.filter((url) => url.includes('/rpc/dashboard_stats')).length).toBe(1);
    await expect.poll(() => page.locator('link[rel=preload][as=script]').count()).toBe(recorded.scripts.length);
    release();

    await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    expect(await page.locator('.stw-stat-card__value').allTextContents()).toEqual(figures);
    await page.waitForLoadState('networkidle');
    // Every read of the first view went out once: the app adopted the answers sent ahead.
    const firstView = reads.filter((url) => recorded.requests.some((request) => request.url === url));
    expect(firstView.length).toBe(recorded.requests.length);
    expect(new Set(firstView).size).toBe(firstView.length);
  });

  test('signing in leaves the record, so the very next visit already sends its reads ahead', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openSignIn();
    await dialog.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    await expect.poll(() => storedRecord(page)).not.toBeNull();
    const recorded = await storedRecord(page);
    // The dashboard's reads; none of the landing's or the sign-in dialog's code.
    expect(recorded).toMatchObject({ path: '/dashboard', scripts: [] });

    const stats: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/dashboard_stats')) stats.push(request.url());
    });
    await page.route('**/static/js/index.*.js', (route) => route.abort());
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect.poll(() => stats.length).toBe(1);
  });

  test('a visit that starts on an area’s list sends that list’s read ahead next time', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/contacts');
    await expect(page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').nth(1)).toBeVisible();
    await expect.poll(async () => (await storedRecord(page))?.path).toBe('/contacts');
    const listRead = (await storedRecord(page))!.requests.find((request) => /\/rest\/v1\/contacts/.test(request.url));
    expect(listRead).toBeDefined();

    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url() === listRead?.url) reads.push(request.url());
    });
    const release = await holdAppCode(page);
    await page.goto('/contacts', { waitUntil: 'commit' });
    await expect.poll(() => reads.length).toBe(1);
    release();
    await expect(page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').nth(1)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reads.length).toBe(1);
  });

  test('the reservation timeline’s window goes ahead on a visit the same day; on another day only its undated reads do, and the timeline shows that day’s window', async ({ page }) => {
    const grid = page.getByRole('table', { name: 'Reservation timeline' });
    const stays = /\/rest\/v1\/reservations_view\?/;
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/reservations');
    await expect(grid).toBeVisible();
    await expect.poll(async () => (await storedRecord(page))?.path).toBe('/reservations');
    const recorded = (await storedRecord(page))!;
    const windowRead = recorded.requests.find((request) => stays.test(request.url));
    // The window starts on the day the page was opened, the record's day.
    expect(windowRead?.url).toContain(`check_out=gt.${recorded.day}T00`);
    expect(recorded.requests.some((request) => request.url.includes('/rest/v1/user_profiles?'))).toBe(true);

    const reads: string[] = [];
    page.on('request', (request) => {
      if (API_READ.test(request.url()) && request.method() === 'GET') reads.push(request.url());
    });
    const release = await holdAppCode(page);
    await page.goto('/reservations', { waitUntil: 'commit' });
    await expect.poll(() => reads.filter((url) => url === windowRead?.url).length).toBe(1);
    release();
    await expect(grid).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Asked once: the app took the answer sent ahead.
    expect(reads.filter((url) => url === windowRead?.url)).toHaveLength(1);

    // The record now says it was made the day before (the next morning's first visit).
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('steward:first-view') ?? '{}') as { day: string };
      localStorage.setItem('steward:first-view', JSON.stringify({ ...record, day: '2000-01-01' }));
    });
    reads.length = 0;
    await page.goto('/reservations', { waitUntil: 'commit' });
    await expect(grid).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sentAhead = await page.evaluate(() => (window as { stewardFirstView?: { requests: { url: string }[] } }).stewardFirstView?.requests.map((request) => request.url) ?? []);
    expect(sentAhead.some((url) => url.includes('/rest/v1/user_profiles?'))).toBe(true);
    expect(sentAhead.filter((url) => /\d{4}-\d{2}-\d{2}/.test(url))).toEqual([]);
    // The app read the window itself, once, and the record is of that day again.
    expect(reads.filter((url) => stays.test(url))).toHaveLength(1);
    await expect.poll(async () => (await storedRecord(page))?.day).toBe(recorded.day);
  });

  test('nothing is sent ahead with another person’s record, and the dashboard loads as usual', async ({ page }) => {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    await expect.poll(() => storedRecord(page)).not.toBeNull();
    // The record now says it was someone else's (as after another person signed in on this browser).
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('steward:first-view') ?? '{}') as { userId: string };
      localStorage.setItem('steward:first-view', JSON.stringify({ ...record, userId: 'someone-else' }));
    });
    await page.reload();
    await expect(page.getByTestId('stat-contacts')).not.toHaveText('');
    expect(await page.evaluate(() => (window as { stewardFirstView?: { requests: unknown[] } }).stewardFirstView?.requests.length)).toBe(0);
  });
});

test('a guest’s booking page starts its code from index.html: the area’s first scripts and the shell’s code it runs first, each asked once', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') fetched.push(new URL(request.url()).pathname);
  });
  // With the app's entry held back, only index.html can ask for these.
  const release = await holdAppCode(page);
  const asked = ['/static/js/async/bootstrap.', '/static/js/async/libs-signed-in.', '/static/js/async/public-page.', '/static/js/steward_booking.'].map((part) =>
    page.waitForRequest((request) => request.url().includes(part)),
  );
  await page.goto(`/book/${encodeURIComponent(DEMO_OWNER.orgName)}`, { waitUntil: 'commit' });
  await Promise.all(asked);
  release();
  await expect(page.getByRole('form', { name: 'Search stays' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A preload the app's own loading did not take up would show as the same file fetched twice.
  const twice = fetched.filter((path, index) => fetched.indexOf(path) !== index);
  expect(twice).toEqual([]);
});
