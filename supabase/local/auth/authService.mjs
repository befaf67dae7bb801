// @ts-check
// GoTrue-compatible auth subset (filled in next).
import { sendJson } from '../http.mjs';

/** @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} _options */
export function createAuthService(_options) {
  return {
    /** @type {import('../gateway.mjs').ServiceHandler} */
    async handle(_req, res) {
      sendJson(res, 501, { code: 501, error_code: 'not_implemented', msg: 'Not implemented yet' });
    },
  };
}
