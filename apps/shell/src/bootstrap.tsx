import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primeSession } from '@steward/libs/session';
import { hasStoredSession, loadRuntimeConfig, nextTask } from '@steward/libs/boot';
import { getLanguageState, startLanguage } from '@steward/libs/i18n';
import { configureFederation } from './federation/remoteLoader';
import { preloadAreaFor } from './federation/preloadArea';
import { preloadOnIntent } from './federation/preloadOnIntent';
import { App } from './App';
import { loadSignedInQueries, preloadSignedInScreens } from './layout/signedInScreens';
import { queryClient } from './queryClient';
import { StartupError } from './federation/StartupError';
// The shell's words are registered before the page's language starts, so it loads them too.
import './i18n';

// The language this browser used last (or its own): its catalogues load alongside the registry.
const language = startLanguage();

const container = document.getElementById('root') as HTMLElement;

loadRuntimeConfig()
  .then(async (config) => {
    await language;
    // The app's modules may have run in this very task (the registry was here before them).
    await nextTask();
    configureFederation(config);
    // Fetch the current route's remote while the session loads, not after.
    // A returning staff member: the session loads now, and the first view's own queries (branding,
    // the dashboard's figures) start for the organisation this browser last worked in as the profiles
    // are asked for (again if the profiles choose another) — not after the permissions, the layout
    // and the page's code.
    primeSession({
      onOrgChosen: (orgName) =>
        void loadSignedInQueries().then(({ prefetchSignedInQueries }) =>
          prefetchSignedInQueries(queryClient, orgName, window.location.pathname === '/dashboard'),
        ),
    });
    if (hasStoredSession() && window.location.pathname === '/dashboard') preloadSignedInScreens();
    preloadAreaFor(window.location.pathname);
    // The requests above are out; the render starts in a task of its own.
    await nextTask();
    preloadOnIntent();
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // index.html has painted the landing for a new visitor (build/rsbuildApp.mjs): React adopts that
    // markup instead of building it again, so the page is not laid out twice on a phone. Anywhere
    // else the root is empty and React renders it, in a transition so the render yields between slices.
    // (That markup is English: in another language the page is drawn anew.)
    if (container.hasChildNodes() && getLanguageState().locale === 'en') hydrateRoot(container, app);
    else {
      container.replaceChildren();
      startTransition(() => createRoot(container).render(app));
    }
  })
  .catch((error: unknown) => {
    container.replaceChildren();
    createRoot(container).render(<StartupError error={error} />);
  });
