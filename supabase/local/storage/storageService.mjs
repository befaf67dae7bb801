// @ts-check
// Storage-compatible subset (filled in next).
import { sendJson } from '../http.mjs';

/** @param {string} path */
export function isPublicStoragePath(path) {
  return path.startsWith('/object/public/');
}

/** @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} _options */
export async function createStorageService(_options) {
  return {
    /** @type {import('../gateway.mjs').ServiceHandler} */
    async handle(_req, res) {
      sendJson(res, 501, { statusCode: '501', error: 'not_implemented', message: 'Not implemented yet' });
    },
  };
}
