import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '@steward/libs/runtime-config';
import { configureFederation, preloadAreaFor } from './federation/remoteLoader';
import { preloadOnIntent } from './federation/preloadOnIntent';
import { App } from './App';
import { StartupError } from './federation/StartupError';

const root = createRoot(document.getElementById('root') as HTMLElement);

fetchRuntimeConfig()
  .then((config) => {
    configureFederation(config);
    // Fetch the current route's remote while the session loads, not after.
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
