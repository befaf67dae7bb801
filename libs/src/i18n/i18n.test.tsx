import { afterAll, describe, expect, it, beforeEach, vi } from 'vitest';
import { startTransition, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { act, render, screen } from '@testing-library/react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { compileCatalog } from '../../../build/i18n/compileMessages.mjs';
import { defineMessages, directionOf, firstDayOfWeek, formatDate, formatDateRange, formatMoney, formatNumber, getLanguageState, loadLaterCatalogs, resolveLocale, setCurrency, setLocale, useLanguage, withLaterMessages, withWords } from './index';

const english = { 'demo.hello': 'Hello, {name}', 'demo.items': '{count, plural, one {# item} other {# items}}', 'demo.only': 'Only in English' };
const spanish = { 'demo.hello': 'Hola, {name}', 'demo.items': '{count, plural, one {# artículo} other {# artículos}}' };
const compiled = (messages: Record<string, string>, pseudo?: 'en-XA' | 'ar-XB') => ({ default: compileCatalog(JSON.stringify(messages), { pseudo }) as Record<string, string> });
let spanishLoads = 0;
const demo = defineMessages('demo', compileCatalog(JSON.stringify(english)) as unknown as typeof english, {
  es: async () => {
    spanishLoads += 1;
    return compiled(spanish);
  },
  'en-XA': async () => compiled(english, 'en-XA'),
  'ar-XB': async () => compiled(english, 'ar-XB'),
});

function Greeting() {
  const t = demo.useT();
  return (
    <p>
      {t('demo.hello', { name: 'Ana' })} · {t('demo.items', { count: 2 })} · {t('demo.only')}
    </p>
  );
}

// The page's language is one state for every file this worker runs (isolate: false): it is left as found.
afterAll(async () => {
  await setLocale('en');
  setCurrency('USD');
});

describe('the person’s locale', () => {
  it('is the first of profile, organisation and browser that Steward has, else English, never a key', () => {
    expect(resolveLocale('es', 'en', ['en-US'])).toBe('es');
    expect(resolveLocale(null, 'es-MX', ['en-US'])).toBe('es');
    expect(resolveLocale('fr', 'es', ['en-US'])).toBe('es');
    expect(resolveLocale('fr', 'de', ['pt-BR', 'es-AR'])).toBe('es');
    expect(resolveLocale('fr', null, [])).toBe('en');
    expect(resolveLocale('en-XA')).toBe('en-XA');
  });

  it('says its direction and its first day of the week', () => {
    expect(directionOf('ar-XB')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('es')).toBe(1);
  });
});

describe('messages', () => {
  beforeEach(async () => {
    await setLocale('en');
  });

  it('are formatted with their values, and a language switch redraws at once without a reload', async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello, Ana · 2 items · Only in English')).toBeInTheDocument();
    await act(() => setLocale('es'));
    // A message missing from Spanish reads in English (the check in npm test fails on it first).
    expect(screen.getByText('Hola, Ana · 2 artículos · Only in English')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
    await act(() => setLocale('es'));
    expect(spanishLoads).toBe(1);
  });

  it('in the pseudo-locales are accented, longer, and right to left in ar-XB', async () => {
    await setLocale('en-XA');
    const pseudo = demo.t('demo.hello', { name: 'Ana' });
    expect(pseudo).toMatch(/^\[Ĥéļļö, Ana~+\]$/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil('Hello, Ana'.length * 1.3));
    await setLocale('ar-XB');
    expect(document.documentElement.dir).toBe('rtl');
    expect(demo.t('demo.only')).toContain('\u202e');
  });

  it('in a definition made once are read in the language of the moment (localized)', async () => {
    const column = demo.localized({ key: 'only', title: '' }, { title: 'demo.only' });
    expect(column).toEqual({ key: 'only', title: 'Only in English' });
    await setLocale('en-XA');
    expect(column.title).toMatch(/^\[Öñļý/);
    expect(column.key).toBe('only');
  });

  it('of an area whose code arrives after the switch are fetched in the page’s language at once, for words read outside a drawing (t)', async () => {
    await setLocale('es');
    let asked = false;
    const late = defineMessages('demo-late', compileCatalog(JSON.stringify({ 'late.no': 'This link is not valid' })) as unknown as { 'late.no': string }, {
      es: async () => {
        asked = true;
        return compiled({ 'late.no': 'Este enlace no es válido' });
      },
    });
    // Asked for as the code registers, before any screen draws its words.
    expect(asked).toBe(true);
    await vi.waitFor(() => expect(late.t('late.no')).toBe('Este enlace no es válido'));
  });

  it('of an area drawn for the first time while its catalogue is on its way: the component waits, then draws in Spanish with the hooks after useT, React recovering from nothing', async () => {
    await setLocale('es');
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const cold = defineMessages('demo-cold', compileCatalog(JSON.stringify({ 'cold.title': 'Tasks' })) as unknown as { 'cold.title': string }, {
      es: async () => {
        await arrived;
        return compiled({ 'cold.title': 'Tareas' });
      },
    });
    function Title() {
      const t = cold.useT();
      // A hook that keeps state after useT: a first render that waited for the catalogue is drawn
      // again with it in, and this hook must be a first render's then too.
      const [count] = useState(3);
      return <h1>{`${t('cold.title')} (${count})`}</h1>;
    }
    const recovered: unknown[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host, { onRecoverableError: (error) => recovered.push(error) });
    // As on a page: drawn in a transition (a list's rows are drawn deferred), where React waits for the
    // catalogue rather than show the fallback, then draws the waiting component again in place.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() => root.render(<Suspense fallback={<p>…</p>}><Title /></Suspense>));
      await new Promise((resolve) => setTimeout(resolve, 0));
      arrive();
      await vi.waitFor(() => expect(host.textContent).toBe('Tareas (3)'));
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    // Drawn without React drawing the page again to recover ("Update hook called on initial render").
    expect(recovered).toEqual([]);
    root.unmount();
    host.remove();
  });

  it('of an area whose catalogue cannot load are read in English, not waited for again', async () => {
    await setLocale('es');
    // The first load fails (the network dropped); a later switch loads it (the page's other tests switch).
    let loads = 0;
    const broken = defineMessages('demo-broken', compileCatalog(JSON.stringify({ 'broken.title': 'Projects' })) as unknown as { 'broken.title': string }, {
      es: async () => {
        loads += 1;
        if (loads === 1) throw new Error('offline');
        return compiled({ 'broken.title': 'Proyectos' });
      },
    });
    function Title() {
      const t = broken.useT();
      return <h1>{t('broken.title')}</h1>;
    }
    render(
      <Suspense fallback={<p>…</p>}>
        <Title />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('that no screen draws until something happens (afterFirstView) follow a switch instead of holding it up; what shows them draws again', async () => {
    await setLocale('en');
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const refusals = defineMessages(
      'demo-refusals',
      compileCatalog(JSON.stringify({ 'db.no': 'You cannot do that' })) as unknown as { 'db.no': string },
      {
        es: async () => {
          await arrived;
          return compiled({ 'db.no': 'No puedes hacer eso' });
        },
      },
      { afterFirstView: true },
    );
    function Refusal() {
      useLanguage();
      return <p>{refusals.t('db.no')}</p>;
    }
    render(<Refusal />);
    // The switch is done while the refusals are still on their way: read in English meanwhile.
    await act(() => setLocale('es'));
    expect(getLanguageState().locale).toBe('es');
    expect(screen.getByText('You cannot do that')).toBeInTheDocument();
    arrive();
    expect(await screen.findByText('No puedes hacer eso')).toBeInTheDocument();
  });

  it('fetched after the first view draw nothing again when none of their words was read meanwhile', async () => {
    await setLocale('en');
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let loaded = false;
    const quiet = defineMessages('demo-quiet', compileCatalog(JSON.stringify({ 'db.quiet': 'Refused' })) as unknown as { 'db.quiet': string }, {
      es: async () => {
        await arrived;
        loaded = true;
        return compiled({ 'db.quiet': 'Rechazado' });
      },
    }, { afterFirstView: true });
    let draws = 0;
    function Page() {
      draws += 1;
      return <p>{useLanguage().locale}</p>;
    }
    render(<Page />);
    // The first view is shown: from now on a switch fetches them.
    loadLaterCatalogs();
    await act(() => setLocale('es'));
    const drawsAfterSwitch = draws;
    arrive();
    await vi.waitFor(() => expect(loaded).toBe(true));
    await act(() => Promise.resolve());
    expect(draws).toBe(drawsAfterSwitch);
    expect(quiet.t('db.quiet')).toBe('Rechazado');
  });

  it('that no screen draws are not fetched with the first view: only once it is shown, or once one of them is read', async () => {
    // A page of its own: the language state as a page starts, before its first view is shown.
    vi.resetModules();
    const page = await import('./store');
    let loads = 0;
    const load = async () => {
      loads += 1;
      return compiled({ 'db.no': 'No' });
    };
    page.registerCatalogs('demo-later', { english: null, load: { en: load, es: load }, afterFirstView: true });
    await page.setLocale('es');
    expect(loads).toBe(0);
    page.loadLaterCatalogs();
    expect(loads).toBe(1);
    await page.setLocale('en');
    await vi.waitFor(() => expect(page.catalogOf('demo-later', 'en')).toEqual({ 'db.no': 'No' }));
    expect(loads).toBe(2);
    // Read before the first view is shown: a word asks for its catalogue.
    vi.resetModules();
    const another = await import('./store');
    another.registerCatalogs('demo-later', { english: null, load: { en: load }, afterFirstView: true });
    expect(loads).toBe(2);
    another.noteReadEarly('demo-later', 'en');
    expect(loads).toBe(3);
    // English fetched but no loader for it: refused, not asked of itself again and again.
    another.registerCatalogs('demo-no-english', { english: null, load: {}, afterFirstView: true });
    await expect(another.loadCatalog('demo-no-english', 'es')).rejects.toThrow('No English words are registered for demo-no-english');
  });

  it('whose English is fetched too read as nothing until it is in, then as English, and what read them draws again', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const fetched = defineMessages<{ 'db.gone': string }>('demo-fetched-english', null, {
      en: async () => {
        await arrived;
        return compiled({ 'db.gone': 'This record was deleted' });
      },
    }, { afterFirstView: true });
    function Refusal() {
      useLanguage();
      return <p>{fetched.has('db.gone') ? fetched.t('db.gone') : 'As the database wrote it'}</p>;
    }
    render(<Refusal />);
    expect(screen.getByText('As the database wrote it')).toBeInTheDocument();
    arrive();
    expect(await screen.findByText('This record was deleted')).toBeInTheDocument();
    expect(fetched.has('db.elsewhere')).toBe(false);
  });

  it('of an area’s later screens are fetched when one is first drawn, in the page’s language, and a switch before then does not fetch them', async () => {
    const loads: string[] = [];
    const laterLoad = (locale: string, words: Record<string, string>) => async () => {
      loads.push(locale);
      return compiled(words);
    };
    const area = withLaterMessages(
      defineMessages('demo-area', compileCatalog(JSON.stringify({ 'list.title': 'Boats' })) as unknown as { 'list.title': string }, { es: async () => compiled({ 'list.title': 'Barcos' }) }),
      defineMessages<{ 'detail.title': string }>('demo-area-later', null, {
        en: laterLoad('en', { 'detail.title': 'A boat' }),
        es: laterLoad('es', { 'detail.title': 'Un barco' }),
      }),
    );
    // A switch before any later screen drew: nothing of the later words is fetched.
    await setLocale('es');
    await setLocale('en');
    expect(loads).toEqual([]);
    function Detail() {
      const t = area.useT();
      return (
        <h2>
          {t('detail.title')} · {t('list.title')}
        </h2>
      );
    }
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Detail />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'A boat · Boats' })).toBeInTheDocument();
    expect(loads).toEqual(['en']);
    // Drawn now: a switch waits for them, as for the first view's.
    await act(() => setLocale('es'));
    expect(screen.getByRole('heading', { name: 'Un barco · Barcos' })).toBeInTheDocument();
    expect(loads).toEqual(['en', 'es']);
    expect(area.has('detail.title') && area.has('list.title') && !area.has('detail.other')).toBe(true);
  });

  it('come with a later screen’s code, fetched at once, so the screen does not wait for them after it', async () => {
    const order: string[] = [];
    let arrive: (module: { Screen: string }) => void = () => undefined;
    const code = new Promise<{ Screen: string }>((resolve) => (arrive = resolve));
    const words = defineMessages<{ 'sheet.title': string }>('demo-sheet-later', null, {
      en: async () => {
        order.push('words asked');
        return compiled({ 'sheet.title': 'A sheet' });
      },
    });
    const loaded = withWords(code, words).then((module) => order.push(`module ${module.Screen}`));
    // The words are asked for before the code has arrived.
    await Promise.resolve();
    expect(order).toEqual(['words asked']);
    arrive({ Screen: 'Sheet' });
    await loaded;
    expect(order).toEqual(['words asked', 'module Sheet']);
    expect(words.t('sheet.title')).toBe('A sheet');
  });

  it('an unknown language falls back to English, not to ids', async () => {
    await setLocale('xx');
    expect(getLanguageState().locale).toBe('en');
    expect(demo.t('demo.only')).toBe('Only in English');
  });

  it('are compiled by the build: text stays a string, anything else a syntax tree, a broken message fails with its id', () => {
    const catalog = compileCatalog(JSON.stringify(english), { file: 'en.json' });
    expect(catalog['demo.only']).toBe('Only in English');
    expect(Array.isArray(catalog['demo.items'])).toBe(true);
    expect(JSON.stringify(catalog)).not.toContain('location');
    expect(() => compileCatalog(JSON.stringify({ 'demo.bad': 'Hello {name' }), { file: 'en.json' })).toThrow(/en\.json: message demo\.bad/);
    expect(parse('{count, plural, one {#} other {#}}')).toBeTruthy();
  });
});

describe('formatting', () => {
  it('writes English as the screens did, Spanish as Spanish readers read it', async () => {
    await setLocale('en');
    setCurrency('USD');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney('-0.5')).toBe('-$0.50');
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatDateRange('2026-11-29', '2026-12-02')).toBe('Nov 29\u2009–\u2009Dec 2, 2026');
    await setLocale('es');
    expect(formatMoney(1234.5)).toBe('1234,50\u00a0US$');
    expect(formatDate('2026-11-29')).toBe('29 nov 2026');
    setCurrency('EUR');
    expect(formatMoney(12)).toBe('12,00\u00a0€');
    setCurrency('USD');
  });
});
