import { describe, expect, it } from 'vitest';
import { asyncCommitOptIn } from '../../local/postgres.mjs';
import { connectDb, testStack } from './testStack';

describe('durable by default', () => {
  it('commits synchronously: an acknowledged write is on disk before the API answers', async () => {
    const db = await connectDb(testStack().dbUrl);
    try {
      const { rows } = await db.query<{ synchronous_commit: string; fsync: string }>(
        "select current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync",
      );
      expect(rows[0]).toEqual({ synchronous_commit: 'on', fsync: 'on' });
    } finally {
      await db.end();
    }
  });

  it('trades durability for speed only when asked explicitly', () => {
    expect(asyncCommitOptIn({})).toBe(false);
    expect(asyncCommitOptIn({ STEWARD_PG_ASYNC_COMMIT: '' })).toBe(false);
    expect(asyncCommitOptIn({ STEWARD_PG_ASYNC_COMMIT: '0' })).toBe(false);
    expect(asyncCommitOptIn({ STEWARD_PG_ASYNC_COMMIT: '1' })).toBe(true);
  });
});
