import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '@steward/libs/runtime-config';
import { primeSession } from '@steward/libs/session';
import { configureFederation, preloadAreaFor } from './federation/remoteLoader';
import { preloadOnIntent } from './federation/preloadOnIntent';
import { sharedForRemotes } from './federation/sharedForRemotes';
import { App } from './App';
import { StartupError } from './federation/StartupError';

// Kept in the bundle so the share scope offers remotes every library (see sharedForRemotes).
void sharedForRemotes;

const root = createRoot(document.getElementById('root') as HTMLElement);

fetchRuntimeConfig()
  .then((config) => {
    configureFederation(config);
    // Fetch the current route's remote while the session loads, not after.
    primeSession();
    preloadAreaFor(window.location.pathname);
    preloadOnIntent();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<StartupError error={error} />);
  });
