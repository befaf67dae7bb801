// @ts-check
// Object keys and bucket names as hosted Supabase Storage accepts them, so a path that works locally
// also works in production; dot segments are refused outright (they would escape the object's folder).
import { storageErrors } from './storageErrors.mjs';

// Supabase Storage's allowed key characters (ASCII letters, digits and a few punctuation marks).
const KEY_CHARACTERS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARACTERS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_LENGTH = 1024;

/**
 * Splits `/{bucket}/{key...}` (segments percent-decoded) and validates both parts.
 * @param {string[]} segments raw path segments after the route prefix
 * @returns {{ bucket: string, name: string }}
 */
export function bucketAndKey(segments) {
  const [bucket, ...rest] = segments.map(decodeSegment);
  if (!bucket) throw storageErrors.invalidRequest('The path must name a bucket and an object: /{bucket}/{path}');
  validateBucketName(bucket);
  const name = rest.join('/');
  validateKey(name);
  return { bucket, name };
}

/** @param {string} name */
export function validateBucketName(name) {
  if (name === '' || name === '.' || name === '..' || name.length > 100 || !BUCKET_CHARACTERS.test(name)) {
    throw storageErrors.invalidBucketName(name);
  }
}

/** @param {string} key */
export function validateKey(key) {
  if (key === '') throw storageErrors.invalidKey(key, 'the object path is empty');
  if (key.length > MAX_KEY_LENGTH) throw storageErrors.invalidKey(key, `longer than ${MAX_KEY_LENGTH} characters`);
  const segments = key.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw storageErrors.invalidKey(key, 'path segments "." and ".." are not allowed');
  }
  if (segments.some((segment) => segment === '')) throw storageErrors.invalidKey(key, 'empty path segment');
  if (!KEY_CHARACTERS.test(key)) {
    throw storageErrors.invalidKey(key, "only letters, digits, spaces and !-.*'()&$@=;:+,? are allowed");
  }
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw storageErrors.invalidRequest(`Malformed percent-encoding in path segment "${segment}"`);
  }
}
