// PostgREST's answer when the database connection broke under a request (Postgres killed or
// restarting): libpq reports no SQLSTATE, and PostgREST maps an error without one to its default,
// 400, with an empty code and message. That is not the client's mistake, and a client reading it
// would not know to retry. The gateway answers it as the outage it is.

/** Small: an empty error object with its four keys is ~60 bytes. */
const MAX_EMPTY_ERROR_BYTES = 200;

/**
 * True for PostgREST's 400 with an empty `code` and `message`: a query that lost its database
 * connection. Any 400 the client caused carries a code (PGRST… or an SQLSTATE) and a message.
 * @param {number} status @param {Buffer} body
 */
export function isLostDatabaseConnection(status, body) {
  if (status !== 400 || body.length > MAX_EMPTY_ERROR_BYTES) return false;
  try {
    const error = JSON.parse(body.toString('utf8'));
    return error !== null && typeof error === 'object' && error.code === '' && error.message === '';
  } catch {
    return false;
  }
}

/** What the gateway answers instead: 503, JSON, saying what happened and that a retry will do. */
export const LOST_CONNECTION_ANSWER = {
  message: 'The database connection was lost while answering; the database is being restarted',
  code: 'PGRST_DB_LOST',
  details: null,
  hint: 'Retry in a moment.',
};
