import type { RemoteName } from '@steward/libs/runtime-config';

/** Module Federation container name of a remote (same rule as build/federation.mjs). */
export function containerName(remote: RemoteName): string {
  return `steward_${remote.replace(/-/g, '_')}`;
}
