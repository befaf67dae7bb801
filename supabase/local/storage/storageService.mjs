// @ts-check
// The Supabase Storage subset supabase-js uses, in three route families — buckets, objects, signed
// URLs — over one object store (objectStore.mjs) and the router the auth service uses too.
import { createRouter, classifyFailure, serveRoutes } from '../router.mjs';
import { bucketRoutes } from './bucketRoutes.mjs';
import { createObjectFiles } from './objectFiles.mjs';
import { createObjectStore } from './objectStore.mjs';
import { objectRoutes } from './objectRoutes.mjs';
import { signedUrlRoutes } from './signedUrlRoutes.mjs';
import { StorageError, sendStorageError, storageErrors } from './storageErrors.mjs';

export { isPublicStoragePath } from './signedUrlRoutes.mjs';

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export async function createStorageService({ config, pool, log }) {
  const store = createObjectStore({ pool, files: await createObjectFiles(config.storageDir) });
  const router = createRouter([...bucketRoutes(store), ...objectRoutes(store), ...signedUrlRoutes(store)]);
  return {
    handle: serveRoutes({
      name: 'storage',
      router,
      notFound: storageErrors.notFound,
      toAnswer: toStorageError,
      fault: (error) => new StorageError(500, 'internal', /** @type {Error} */ (error)?.message ?? 'Internal server error'),
      send: sendStorageError,
      log,
    }),
  };
}

/** @param {unknown} error @returns {StorageError | null} */
function toStorageError(error) {
  if (error instanceof StorageError) return error;
  const failure = classifyFailure(error);
  switch (failure?.kind) {
    case 'body':
      return new StorageError(failure.status, 'InvalidRequest', failure.message);
    case 'forbidden':
      return storageErrors.unauthorized(failure.message);
    case 'duplicate':
      return storageErrors.duplicate();
    case 'missing_reference':
      return storageErrors.bucketNotFound();
    case 'invalid_input':
      return storageErrors.invalidRequest(failure.message);
    case 'unavailable':
      return new StorageError(503, 'DatabaseUnavailable', failure.message);
    default:
      return null;
  }
}
