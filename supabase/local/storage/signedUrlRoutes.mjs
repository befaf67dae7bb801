// @ts-check
// Signed URLs, as storage-api issues them: a download link (`/object/sign/…`) anyone may open until it
// expires, and an upload link (`/object/upload/sign/…`) issued only to who may write that object, which
// then writes it once on the issuer's behalf. Each token names its object and its scope, so a download
// token never opens an upload and neither opens another object.
import { signJwt } from '../jwt.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { readJsonBody, sendJson } from '../http.mjs';
import { verifiedClaims } from '../router.mjs';
import { bucketAndKey, validateBucketName } from './objectKeys.mjs';
import { SERVICE_CLAIMS, ownerOf } from './objectStore.mjs';
import { sendObject } from './objectTransfer.mjs';
import { storageErrors } from './storageErrors.mjs';

// storage-api's default lifetime of an upload URL (uploadSignedUrlExpirationTime): two hours.
const UPLOAD_URL_SECONDS = 2 * 60 * 60;

/** Paths that a browser opens or sends to without headers (`<img src>`, signed links): no apikey. */
export function isPublicStoragePath(/** @type {string} */ path) {
  return path.startsWith('/object/public/') || path.startsWith('/object/sign/') || path.startsWith('/object/upload/sign/');
}

/**
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @returns {import('../router.mjs').Route[]}
 */
export function signedUrlRoutes(store) {
  const { files, asCaller, callerClaims, findVisibleObject, findObject, checkCanWrite, writeObject } = store;

  return [
    ['GET|HEAD', '/object/sign/:bucket/*', async (req, res, { params, rest, query }) => {
      const target = bucketAndKey([params.bucket ?? '', ...rest.split('/')]);
      verifyToken(query.get('token'), target, 'download');
      await sendObject(files, req, res, await findObject(target.bucket, target.name), query);
    }],
    ['POST', '/object/sign/:bucket/*', async (req, res, { params, rest }) => {
      const { bucket, name } = bucketAndKey([params.bucket ?? '', ...rest.split('/')]);
      const claims = callerClaims(req);
      const body = /** @type {{ expiresIn?: unknown }} */ (await readJsonBody(req));
      const expiresIn = positiveSeconds(body.expiresIn);
      await findVisibleObject(claims, bucket, name);
      sendJson(res, 200, { signedURL: downloadUrl(bucket, name, expiresIn) });
    }],
    ['POST', '/object/sign/:bucket', async (req, res, { params }) => {
      const bucket = decodeURIComponent(params.bucket ?? '');
      validateBucketName(bucket);
      const claims = callerClaims(req);
      const body = /** @type {{ expiresIn?: unknown, paths?: unknown }} */ (await readJsonBody(req));
      const expiresIn = positiveSeconds(body.expiresIn);
      if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) {
        throw storageErrors.invalidRequest('paths must be an array of object paths');
      }
      const paths = /** @type {string[]} */ (body.paths);
      const visible = await asCaller(claims, async (client) => {
        const { rows } = await client.query('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]);
        return new Set(rows.map((row) => row.name));
      });
      sendJson(
        res,
        200,
        paths.map((path) =>
          visible.has(path)
            ? { error: null, path, signedURL: downloadUrl(bucket, path, expiresIn) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      );
    }],
    ['POST', '/object/upload/sign/:bucket/*', async (req, res, { params, rest }) => {
      const target = bucketAndKey([params.bucket ?? '', ...rest.split('/')]);
      const claims = callerClaims(req);
      await readJsonBody(req);
      const upsert = String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true';
      await checkCanWrite(claims, target.bucket, target.name, upsert ? 'upsert' : 'create');
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt(
        { owner: ownerOf(claims), url: `${target.bucket}/${target.name}`, upsert, scope: 'upload', iat: now, exp: now + UPLOAD_URL_SECONDS },
        JWT_SECRET,
      );
      sendJson(res, 200, { url: `/object/upload/sign/${encodePath(`${target.bucket}/${target.name}`)}?token=${token}`, token });
    }],
    ['PUT', '/object/upload/sign/:bucket/*', async (req, res, { params, rest, query }) => {
      const target = bucketAndKey([params.bucket ?? '', ...rest.split('/')]);
      const claims = verifyToken(query.get('token'), target, 'upload');
      const owner = typeof claims.owner === 'string' ? claims.owner : null;
      // The issuer's right to write was checked when the URL was signed; the write itself is the service's.
      const written = await writeObject(req, target, claims.upsert === true ? 'upsert' : 'create', SERVICE_CLAIMS, owner);
      sendJson(res, 200, { Key: written.Key });
    }],
  ];
}

/**
 * @param {string | null} token
 * @param {{ bucket: string, name: string }} target
 * @param {'download' | 'upload'} scope
 */
function verifyToken(token, target, scope) {
  if (!token) throw storageErrors.invalidJwt('Missing token query parameter');
  const claims = verifiedClaims(token, JWT_SECRET, (reason) => storageErrors.invalidJwt(reason === 'expired' ? 'jwt expired' : 'invalid signature'), {
    leewaySeconds: 0,
  });
  // Download links signed before scopes existed carry none; an upload link always says so.
  const tokenScope = claims.scope ?? 'download';
  if (tokenScope !== scope) throw storageErrors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${target.bucket}/${target.name}`) throw storageErrors.invalidSignature();
  return claims;
}

/** @param {string} bucket @param {string} name @param {number} expiresIn */
function downloadUrl(bucket, name, expiresIn) {
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt({ url: `${bucket}/${name}`, scope: 'download', iat: now, exp: now + expiresIn }, JWT_SECRET);
  return `/object/sign/${encodePath(`${bucket}/${name}`)}?token=${token}`;
}

/** @param {string} path */
function encodePath(path) {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** @param {unknown} value */
function positiveSeconds(value) {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw storageErrors.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.floor(seconds);
}
