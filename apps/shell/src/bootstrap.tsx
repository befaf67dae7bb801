import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '@steward/libs/runtime-config';
import { primeSession } from '@steward/libs/session';
import { hasStoredSession } from '@steward/libs/supabase';
import { configureFederation, preloadAreaFor } from './federation/remoteLoader';
import { preloadOnIntent } from './federation/preloadOnIntent';
import { sharedForRemotes } from './federation/sharedForRemotes';
import { App } from './App';
import { loadSignedInQueries } from './layout/SignedInPrefetchEffect';
import { StartupError } from './federation/StartupError';

// Kept in the bundle so the share scope offers remotes every library (see sharedForRemotes).
void sharedForRemotes;

const root = createRoot(document.getElementById('root') as HTMLElement);

fetchRuntimeConfig()
  .then((config) => {
    configureFederation(config);
    // Fetch the current route's remote while the session loads, not after.
    primeSession();
    if (hasStoredSession()) void loadSignedInQueries();
    preloadAreaFor(window.location.pathname);
    preloadOnIntent();
    // A transition, so React renders in slices and yields to the browser between them: the landing
    // is already on screen from index.html, and on a phone one long render would hold off every tap.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    root.render(<StartupError error={error} />);
  });
