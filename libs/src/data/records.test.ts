import { describe, expect, it } from 'vitest';
import { createRecordingClient, decodedQuery } from '../testing';
import { changedFields, insertRecord, updateRecord, deleteRecord } from './records';
import { DataAccessError } from './DataAccessError';
import { tableRef } from './tableRef';

const businesses = tableRef<{ id: string; name: string }>('crm', 'businesses');
const loaded = { id: 'b1', name: 'Acme', status: 'Active', tags: ['a'], last_modified_at: '2026-03-01T10:00:00.123456+00:00', org_name: 'Org', short_id: 'B-1' };

describe('changedFields', () => {
  it('keeps only values that differ, never server-owned columns, only editable ones when listed', () => {
    expect(changedFields(loaded, { ...loaded, name: 'Acme 2', org_name: 'Other', short_id: 'X' })).toEqual({ name: 'Acme 2' });
    expect(changedFields(loaded, { name: 'Acme', status: 'Inactive - Other' }, ['name'])).toEqual({});
    expect(changedFields(loaded, { tags: ['a'] })).toEqual({});
    expect(changedFields(loaded, { tags: ['a', 'b'] })).toEqual({ tags: ['a', 'b'] });
    expect(changedFields({ a: null }, { a: undefined })).toEqual({});
    expect(changedFields({ a: null }, { a: '' })).toEqual({ a: '' });
  });
});

describe('insertRecord', () => {
  it('posts the values with the active organisation, leaving audit columns to the database, and returns the row', async () => {
    const { client, requests } = createRecordingClient((req) => ({ status: 201, body: { id: 'new', ...(req.body as object) } }));
    const row = await insertRecord(client, businesses, { name: 'Acme' }, { orgName: 'Org' });
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-profile')).toBe('crm');
    expect(request?.body).toEqual({ name: 'Acme', org_name: 'Org' });
    expect(row).toMatchObject({ id: 'new', name: 'Acme' });
  });

  it('leaves org_name to the database when no organisation is active, and off for tables without it', async () => {
    const { client, requests } = createRecordingClient(() => ({ status: 201, body: { id: 'x' } }));
    await insertRecord(client, tableRef('public', 'plain', { audit: false }), { name: 'n' }, { orgName: 'Org' });
    await insertRecord(client, businesses, { name: 'n' }, {});
    expect(requests.map((r) => r.body)).toEqual([{ name: 'n' }, { name: 'n' }]);
  });
});

describe('updateRecord', () => {
  it('sends nothing when nothing changed', async () => {
    const { client, requests } = createRecordingClient();
    await expect(updateRecord(client, businesses, { id: 'b1', original: loaded, values: { name: 'Acme' } })).resolves.toEqual({ status: 'unchanged' });
    expect(requests).toHaveLength(0);
  });

  it('patches only changed fields, conditional on the version that was loaded', async () => {
    const { client, requests } = createRecordingClient(() => ({ body: [{ ...loaded, name: 'New' }] }));
    const outcome = await updateRecord(client, businesses, { id: 'b1', original: loaded, values: { ...loaded, name: 'New' } });
    const request = requests[0];
    expect(request?.method).toBe('PATCH');
    expect(request?.body).toEqual({ name: 'New' });
    expect(decodedQuery(request?.url ?? new URL('http://x'))).toBe('id=eq.b1&last_modified_at=eq.2026-03-01T10:00:00.123456+00:00&select=*');
    expect(outcome).toEqual({ status: 'updated', row: { ...loaded, name: 'New' } });
  });

  it('refuses a lost update: the row changed since it was loaded', async () => {
    const { client, requests } = createRecordingClient((req) =>
      req.method === 'PATCH' ? { body: [] } : { body: { ...loaded, last_modified_at: '2026-03-01T10:05:00+00:00' } },
    );
    const attempt = updateRecord(client, businesses, { id: 'b1', original: loaded, values: { name: 'Mine' } });
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict', message: 'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.' });
    expect(requests.map((r) => r.method)).toEqual(['PATCH', 'GET']);
  });

  it('says when the row is gone, or not the user\'s to change', async () => {
    const goneClient = createRecordingClient((req) => (req.method === 'PATCH' ? { body: [] } : { body: [] }));
    await expect(updateRecord(goneClient.client, businesses, { id: 'b1', original: loaded, values: { name: 'x' } })).rejects.toMatchObject({ kind: 'not_found', message: 'This record no longer exists.' });
    const locked = createRecordingClient((req) => (req.method === 'PATCH' ? { body: [] } : { body: loaded }));
    await expect(updateRecord(locked.client, businesses, { id: 'b1', original: loaded, values: { name: 'x' } })).rejects.toMatchObject({ kind: 'forbidden', message: 'You do not have permission to change this record.' });
  });

  it('refuses an edit without an id with "Missing id"', async () => {
    const { client, requests } = createRecordingClient();
    await expect(updateRecord(client, businesses, { id: '', original: {}, values: { name: 'x' } })).rejects.toThrow('Missing id');
    expect(requests).toHaveLength(0);
  });

  it('passes the server message through', async () => {
    const { client } = createRecordingClient(() => ({ status: 400, body: { message: 'value too long', code: '22001' } }));
    const error = await updateRecord(client, businesses, { id: 'b1', original: loaded, values: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataAccessError);
    expect(error).toMatchObject({ message: 'value too long', code: '22001', kind: 'request' });
  });
});

describe('deleteRecord', () => {
  it('deletes by id and reports when nothing was deleted', async () => {
    const ok = createRecordingClient(() => ({ body: [{ id: 'b1' }] }));
    await deleteRecord(ok.client, businesses, 'b1');
    expect(decodedQuery(ok.requests[0]?.url ?? new URL('http://x'))).toBe('id=eq.b1&select=id');
    const none = createRecordingClient(() => ({ body: [] }));
    await expect(deleteRecord(none.client, businesses, 'b1')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
