import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import type { AuthDialog } from '../auth/AuthDialogs';
import { StewardMark } from '../branding/StewardMark';
import { brandName } from '../branding/brandName';
import { AppErrorBoundary } from '../layout/AppErrorBoundary';
import { pageSectionFor } from '../layout/pageSection';
import { preloadSignedInScreens } from '../layout/signedInScreens';
import { FEATURE_CARDS, HERO, QUICK_START, STAT_TILES } from './landingContent';

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

  useEffect(() => {
    document.title = `${brand} - ${pageSectionFor(pathname)}`;
  }, [brand, pathname]);
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
            <span className="stw-btn stw-btn--ghost">Sign In</span>
            <span className="stw-btn stw-btn--primary">Get Started</span>
          </div>
        ) : (
          <nav className="stw-landing__account" aria-label="Account">
            {signedIn ? (
              <>
                <span className="stw-landing__email" title={user.email ?? undefined}>
                  {user.email}
                </span>
                <button type="button" className="stw-btn stw-btn--primary" onClick={goToDashboard}>
                  Dashboard
                </button>
                <button type="button" className="stw-btn stw-btn--ghost" onClick={() => void signOut(() => navigate('/'))}>
                  Sign Out
                </button>
              </>
            ) : (
              <>
                <button type="button" className="stw-btn stw-btn--ghost" onClick={() => open('signIn')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
                  Sign In
                </button>
                <button type="button" className="stw-btn stw-btn--primary" onClick={() => open('apply')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
                  Get Started
                </button>
              </>
            )}
          </nav>
        )}
      </header>

      <main>
        <section className="stw-landing__hero" aria-labelledby="landing-hero-title">
          <h1 id="landing-hero-title">{HERO.title}</h1>
          <p>{HERO.body}</p>
          {signedIn ? (
            <button type="button" className="stw-btn stw-btn--primary stw-btn--large" onClick={goToDashboard}>
              Go to Dashboard
            </button>
          ) : (
            <button type="button" className="stw-btn stw-btn--primary stw-btn--large" onClick={() => open('apply')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
              Apply for Access
            </button>
          )}
        </section>

        <section className="stw-landing__section" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">Everything your organization runs on</h2>
          <ul className="stw-landing__cards">
            {FEATURE_CARDS.map((card) => (
              <li key={card.title} className="stw-landing__card">
                <h3>
                  {card.title}
                  {card.marker && <span className={`stw-landing__marker stw-landing__marker--${card.marker === 'Planned' ? 'planned' : 'soon'}`}>{card.marker}</span>}
                </h3>
                <p>{card.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="stw-landing__section" aria-labelledby="landing-start-title">
          <h2 id="landing-start-title">Quick start</h2>
          <ol className="stw-landing__steps">
            {QUICK_START.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="stw-landing__section" aria-label="At a glance">
          <ul className="stw-landing__stats">
            {STAT_TILES.map((tile) => (
              <li key={tile.label}>
                <strong>{tile.value}</strong>
                <span>{tile.label}</span>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="stw-landing__footer">
        © {new Date().getFullYear()} {brand}
      </footer>

      {dialogsWanted && (
        <AppErrorBoundary placement="overlay" message="The sign-in form could not be loaded. Reload the page and try again.">
          <Suspense fallback={null}>
            <AuthDialogs dialog={dialog} onChange={setDialog} />
          </Suspense>
        </AppErrorBoundary>
      )}
    </div>
  );
}
