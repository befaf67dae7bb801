// @ts-check
// Listing objects as the caller may see them (RLS decides which rows exist): `list` — one folder level
// with names relative to it, like storage.search() — and `list-v2` — full keys, optional "/" folders,
// a cursor for the next page — as storage-api answers them.
import { storageErrors } from './storageErrors.mjs';

/** @typedef {import('./objectStore.mjs').Claims} Claims */
/** @typedef {{ id: string | null, name: string, updated_at: Date | null, created_at: Date | null, last_accessed_at: Date | null, metadata: unknown }} ListedRow */

const V2_DEFAULT_LIMIT = 1000;

/**
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @param {Claims} claims
 * @param {string} bucket
 * @param {string} prefix rows whose name starts with this, exactly (no folder normalisation)
 * @returns {Promise<ListedRow[]>}
 */
async function visibleRows(store, claims, bucket, prefix) {
  return store.asCaller(claims, async (client) =>
    (
      await client.query(
        `select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects
          where bucket_id = $1 and starts_with(name, $2)`,
        [bucket, prefix],
      )
    ).rows,
  );
}

/**
 * One folder level, folders first-class like Supabase's storage.search().
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @param {Claims} claims @param {string} bucket @param {Record<string, any>} body
 */
export async function listFolder(store, claims, bucket, body) {
  const prefixInput = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : '';
  const prefix = prefixInput ? `${prefixInput}/` : '';
  const limit = Math.max(1, Math.min(1000, Number(body.limit) || 100));
  const offset = Math.max(0, Number(body.offset) || 0);
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(body.sortBy?.column) ? body.sortBy.column : 'name';
  const descending = String(body.sortBy?.order ?? 'asc').toLowerCase() === 'desc';
  /** @type {Map<string, ListedRow>} */
  const entries = new Map();
  for (const row of await visibleRows(store, claims, bucket, prefix)) {
    const relative = row.name.slice(prefix.length);
    const slash = relative.indexOf('/');
    if (slash === -1) {
      entries.set(`f:${relative}`, { ...row, name: relative });
    } else {
      const folder = relative.slice(0, slash);
      entries.set(`d:${folder}`, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  const listed = [...entries.values()].filter((entry) => !search || entry.name.toLowerCase().includes(search));
  listed.sort((a, b) => {
    const left = /** @type {any} */ (a)[column] ?? '';
    const right = /** @type {any} */ (b)[column] ?? '';
    const order = left < right ? -1 : left > right ? 1 : a.name.localeCompare(b.name);
    return descending ? -order : order;
  });
  return listed.slice(offset, offset + limit);
}

/**
 * storage-api's list-v2: full keys; with `with_delimiter` the keys below the next "/" collapse into
 * one folder entry (`name` ending in "/", `key` without it); `hasNext` and an opaque `nextCursor` page through the rest.
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @param {Claims} claims @param {string} bucket @param {Record<string, any>} body
 */
export async function listObjectsV2(store, claims, bucket, body) {
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const requested = body.limit === undefined ? V2_DEFAULT_LIMIT : Number(body.limit);
  if (!Number.isInteger(requested) || requested < 1) throw storageErrors.invalidRequest('limit must be a whole number of at least 1');
  const limit = Math.min(requested, V2_DEFAULT_LIMIT);
  const cursor = body.cursor === undefined || body.cursor === '' ? null : decodeCursor(body.cursor);
  const column = cursor?.column ?? (['updated_at', 'created_at'].includes(body.sortBy?.column) ? body.sortBy.column : 'name');
  const descending = (cursor?.order ?? String(body.sortBy?.order ?? 'asc').toLowerCase()) === 'desc';

  /** @param {ListedRow} row @returns {[string, string]} */
  const positionOf = (row) => [column === 'name' ? '' : row[/** @type {'updated_at' | 'created_at'} */ (column)]?.toISOString() ?? '', row.name];
  /** @param {[string, string]} a @param {[string, string]} b */
  const compare = (a, b) => {
    const order = compareText(a[0], b[0]) || compareText(a[1], b[1]);
    return descending ? -order : order;
  };

  const rows = (await visibleRows(store, claims, bucket, prefix)).sort((a, b) => compare(positionOf(a), positionOf(b)));
  /** @type {ListedRow[]} */
  let entries = rows;
  if (body.with_delimiter === true) {
    // Each folder once, where its first key falls in the order.
    entries = [];
    const seen = new Set();
    for (const row of rows) {
      const slash = row.name.indexOf('/', prefix.length);
      if (slash === -1) {
        entries.push(row);
        continue;
      }
      const folder = row.name.slice(0, slash + 1);
      if (seen.has(folder)) continue;
      seen.add(folder);
      entries.push({ ...row, id: null, name: folder, metadata: null });
    }
  }
  const after = cursor ? entries.filter((entry) => compare(positionOf(entry), cursor.position) > 0) : entries;
  const page = after.slice(0, limit);
  const last = page[page.length - 1];
  const hasNext = after.length > limit && last !== undefined;
  return {
    hasNext,
    ...(hasNext ? { nextCursor: encodeCursor({ position: positionOf(last), order: descending ? 'desc' : 'asc', column }) } : {}),
    // A folder's name keeps its "/" (the prefix to list it by); its key, as storage-api gives it, does not.
    folders: page.filter((entry) => entry.id === null).map((entry) => ({ name: entry.name, key: entry.name.replace(/\/$/, '') })),
    objects: page.filter((entry) => entry.id !== null).map((entry) => ({ ...entry, key: entry.name })),
  };
}

/** Byte order, as Postgres' `COLLATE "C"` that storage-api sorts keys by. */
function compareText(/** @type {string} */ a, /** @type {string} */ b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** @typedef {{ position: [string, string], order: 'asc' | 'desc', column: string }} Cursor */

/** @param {Cursor} cursor */
function encodeCursor(cursor) {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** @param {unknown} text @returns {Cursor} */
function decodeCursor(text) {
  try {
    const value = JSON.parse(Buffer.from(String(text), 'base64url').toString('utf8'));
    if (value && Array.isArray(value.position) && value.position.length === 2 && value.position.every((/** @type {unknown} */ part) => typeof part === 'string') && ['asc', 'desc'].includes(value.order) && ['name', 'updated_at', 'created_at'].includes(value.column)) {
      return value;
    }
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('Invalid continuation token');
}
