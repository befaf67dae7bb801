import { createHash } from 'node:crypto';

/** The seed's id for a key (pg_temp.sid in seed.sql): md5('steward-seed:' || key) read as a uuid. */
export function seedId(key: string): string {
  const hex = createHash('md5').update(`steward-seed:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
