import { Route, Routes } from 'react-router';
import type { RemoteName } from '@steward/libs/runtime-config';
import { AreaPlaceholder } from './AreaPlaceholder';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

/** <Routes> rendering the placeholder for every route a remote owns that has no screen yet. */
export function placeholderRoutes(name: RemoteName, area: Pick<RemoteArea, 'title' | 'version'>, except: readonly string[] = []) {
  const paths = routesOwnedBy(name)
    .map((route) => route.path)
    .filter((path) => !except.includes(path));
  return function PlaceholderRoutes() {
    return (
      <Routes>
        {paths.map((path) => (
          <Route key={path} path={path.slice(1)} element={<AreaPlaceholder area={area} />} />
        ))}
      </Routes>
    );
  };
}
