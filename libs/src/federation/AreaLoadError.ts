import type { RemoteName } from '@steward/libs/runtime-config';

/** A remote could not be fetched or initialised (as opposed to a screen that failed while rendering). */
export class AreaLoadError extends Error {
  readonly remote: RemoteName;

  constructor(remote: RemoteName, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AreaLoadError';
    this.remote = remote;
  }
}
