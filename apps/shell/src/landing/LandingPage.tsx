import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import type { AuthDialog } from '../auth/AuthDialogs';
import { StewardMark } from '../branding/StewardMark';
import { brandName } from '../branding/brandName';
import { AppErrorBoundary } from '../layout/AppErrorBoundary';
import { pageSectionFor } from '../layout/pageSection';
import { preloadSignedInScreens } from '../layout/signedInScreens';
import { FEATURE_CARDS, HERO, MARKERS, QUICK_START, STAT_TILES } from './landingContent';
import { useT } from '../i18n';

const AuthDialogs = lazy(() => import('../auth/AuthDialogs'));
/** Start fetching the dialogs when the visitor reaches for a button, so they open at once. */
const preloadDialogs = () => void import('../auth/AuthDialogs');

/** The public page at /, /index and /signup: plain HTML and CSS, no component library. */
export function LandingPage() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<AuthDialog | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const brand = brandName();
  const t = useT();

  useEffect(() => {
    document.title = `${brand} - ${pageSectionFor(pathname, t)}`;
  }, [brand, pathname, t]);
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) preloadSignedInScreens();
  }, [signedIn]);

  const open = (next: AuthDialog) => {
    setDialogsWanted(true);
    setDialog(next);
  };
  const goToDashboard = () => navigate('/dashboard');

  return (
    <div className="stw-landing">
      <header className="stw-landing__bar">
        <a className="stw-landing__brand" href="/">
          <StewardMark />
          <span>{brand}</span>
        </a>
        {/* Until the session is known the signed-out buttons hold their place unseen: signed-in visitors
            never see Sign In flash by, and nothing below moves when the buttons appear. */}
        {loading && !signedIn ? (
          <div className="stw-landing__account stw-landing__account--pending" aria-hidden="true">
            <span className="stw-btn stw-btn--ghost">{t('landing.signIn')}</span>
            <span className="stw-btn stw-btn--primary">{t('landing.getStarted')}</span>
          </div>
        ) : (
          <nav className="stw-landing__account" aria-label={t('landing.account')}>
            {signedIn ? (
              <>
                <span className="stw-landing__email" title={user.email ?? undefined}>
                  {user.email}
                </span>
                <button type="button" className="stw-btn stw-btn--primary" onClick={goToDashboard}>
                  {t('landing.dashboard')}
                </button>
                <button type="button" className="stw-btn stw-btn--ghost" onClick={() => void signOut(() => navigate('/'))}>
                  {t('header.signOut')}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="stw-btn stw-btn--ghost" onClick={() => open('signIn')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
                  {t('landing.signIn')}
                </button>
                <button type="button" className="stw-btn stw-btn--primary" onClick={() => open('apply')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
                  {t('landing.getStarted')}
                </button>
              </>
            )}
          </nav>
        )}
      </header>

      <main>
        <section className="stw-landing__hero" aria-labelledby="landing-hero-title">
          <h1 id="landing-hero-title">{t(HERO.title)}</h1>
          <p>{t(HERO.body)}</p>
          {signedIn ? (
            <button type="button" className="stw-btn stw-btn--primary stw-btn--large" onClick={goToDashboard}>
              {t('landing.goToDashboard')}
            </button>
          ) : (
            <button type="button" className="stw-btn stw-btn--primary stw-btn--large" onClick={() => open('apply')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
              {t('landing.applyForAccess')}
            </button>
          )}
        </section>

        <section className="stw-landing__section" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">{t('landing.featuresTitle')}</h2>
          <ul className="stw-landing__cards">
            {FEATURE_CARDS.map((card) => (
              <li key={card.title} className="stw-landing__card">
                <h3>
                  {t(card.title)}
                  {card.marker && <span className={`stw-landing__marker stw-landing__marker--${card.marker}`}>{t(MARKERS[card.marker])}</span>}
                </h3>
                <p>{t(card.body)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="stw-landing__section" aria-labelledby="landing-start-title">
          <h2 id="landing-start-title">{t('landing.quickStart')}</h2>
          <ol className="stw-landing__steps">
            {QUICK_START.map((step) => (
              <li key={step.title}>
                <h3>{t(step.title)}</h3>
                <p>{t(step.body)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="stw-landing__section" aria-label={t('landing.atAGlance')}>
          <ul className="stw-landing__stats">
            {STAT_TILES.map((tile) => (
              <li key={tile.label}>
                <strong>{tile.value ? t(tile.value) : tile.shown}</strong>
                <span>{t(tile.label)}</span>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="stw-landing__footer">
        {t('landing.copyright', { year: String(new Date().getFullYear()), brand })}
      </footer>

      {dialogsWanted && (
        <AppErrorBoundary placement="overlay" message={t('errors.signInCouldNotLoad')}>
          <Suspense fallback={null}>
            <AuthDialogs dialog={dialog} onChange={setDialog} />
          </Suspense>
        </AppErrorBoundary>
      )}
    </div>
  );
}
