// Components around remote areas: the boundary the shell mounts each remote in and the standalone
// frame. Kept apart from '@steward/libs/shell' (the light contracts the shell's first screen
// reads). The boundary draws without antd (an area's first view may be plain); the standalone frame
// draws with antd and loads when a remote runs alone.
import type { RemoteArea } from '@steward/libs/shell';

export { RemoteBoundary } from './RemoteBoundary';

/** Renders `area` alone in the page (a remote's own dev server), with the providers the shell mounts. */
export function renderStandalone(area: RemoteArea): void {
  void import('./StandaloneApp').then((module) => module.renderStandalone(area));
}
