import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestClient, testStack } from './testStack';

// Bucket settings through supabase-js (service role), as storage-api keeps them.
const stack = testStack();
const storage = () => createTestClient(stack.apiUrl, stack.serviceRoleKey).storage;
const created: string[] = [];

afterAll(async () => {
  for (const id of created) {
    await storage().emptyBucket(id);
    await storage().deleteBucket(id);
  }
});

async function newBucket(options: { public: boolean; fileSizeLimit?: string | number; allowedMimeTypes?: string[] }) {
  const id = `buckets-${randomUUID().slice(0, 8)}`;
  const { error } = await storage().createBucket(id, options);
  expect(error).toBeNull();
  created.push(id);
  return id;
}

describe('bucket settings', () => {
  it('reads a size such as "20mb" in decimal units, as storage-api', async () => {
    const id = await newBucket({ public: false, fileSizeLimit: '20mb' });
    const { data } = await storage().getBucket(id);
    expect(Number(data?.file_size_limit)).toBe(20_000_000);
  });

  it('updateBucket keeps the size limit and MIME types it does not name', async () => {
    const id = await newBucket({ public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/png'] });
    expect((await storage().updateBucket(id, { public: true })).error).toBeNull();
    const { data } = await storage().getBucket(id);
    expect(data?.public).toBe(true);
    expect(Number(data?.file_size_limit)).toBe(1000);
    expect(data?.allowed_mime_types).toEqual(['image/png']);

    expect((await storage().updateBucket(id, { public: true, fileSizeLimit: 2000 })).error).toBeNull();
    const after = await storage().getBucket(id);
    expect(Number(after.data?.file_size_limit)).toBe(2000);
    expect(after.data?.allowed_mime_types).toEqual(['image/png']);
  });
});
