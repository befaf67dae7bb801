import { findRoute } from '@steward/libs/shell';
import type { RemoteName } from '@steward/libs/runtime-config';
import { loadArea } from './remoteLoader';
import { loadRemoteRoute } from './remoteRouteChunk';

/** Starts loading a remote's area, and the shell's code that mounts it, without waiting for either. */
export function preloadArea(name: RemoteName): void {
  loadArea(name).catch(() => undefined);
  loadRemoteRoute().catch(() => undefined);
}

/** Starts loading the remote that owns `pathname` (if any): see preloadArea. */
export function preloadAreaFor(pathname: string): void {
  const owner = findRoute(pathname)?.owner;
  if (owner && owner !== 'shell') preloadArea(owner);
}
