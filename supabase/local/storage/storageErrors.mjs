// @ts-check
// Supabase Storage's error body: `{ statusCode, error, message }`, statusCode as a string.
import { sendJson } from '../http.mjs';

export class StorageError extends Error {
  /**
   * @param {number} status
   * @param {string} error short error name (Supabase's)
   * @param {string} message
   */
  constructor(status, error, message) {
    super(message);
    this.name = 'StorageError';
    this.status = status;
    this.error = error;
  }
}

/** @param {import('node:http').ServerResponse} res @param {StorageError} error */
export function sendStorageError(res, error) {
  sendJson(res, error.status, { statusCode: String(error.status), error: error.error, message: error.message });
}

export const storageErrors = {
  bucketNotFound: () => new StorageError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageError(404, 'not_found', 'Object not found'),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists'),
  /** @param {string} key @param {string} reason */
  invalidKey: (key, reason) => new StorageError(400, 'InvalidKey', `Invalid key: ${key} (${reason})`),
  /** @param {string} name */
  invalidBucketName: (name) => new StorageError(400, 'Invalid Input', `Bucket name invalid: ${name}`),
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  /** @param {string} mimeType */
  mimeNotAllowed: (mimeType) => new StorageError(415, 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  /** @param {string} message */
  unauthorized: (message) => new StorageError(403, 'Unauthorized', message),
  userRemoved: () => new StorageError(403, 'Unauthorized', 'User from sub claim in JWT does not exist or is banned'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  /** @param {string} message */
  invalidJwt: (message) => new StorageError(400, 'InvalidJWT', message),
  /** @param {string} message */
  invalidRequest: (message) => new StorageError(400, 'InvalidRequest', message),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  notFound: () => new StorageError(404, 'not_found', 'Route not found'),
};

