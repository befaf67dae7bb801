import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedRowId } from './earlyReads';
import { queryKeys } from './queryKeys';
import { tableRef } from './tableRef';

const contacts = tableRef('crm', 'contacts_view');

describe('cachedRowId', () => {
  it('finds the id of a row a cached list of the same table holds, by another column', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.list(contacts, { page: 1 }), { rows: [{ id: 'c-1', short_id: 'AbC' }, { id: 'c-2', short_id: 'dEf' }], total: 2 });
    expect(cachedRowId(queryClient, contacts, 'short_id', 'dEf')).toBe('c-2');
  });

  it('is null when no list holds it, and never takes a record read or another table’s list', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.record(contacts, { match: { short_id: 'AbC' } }), { id: 'c-1', short_id: 'AbC' });
    queryClient.setQueryData(queryKeys.list(tableRef('crm', 'businesses_view'), {}), { rows: [{ id: 'b-1', short_id: 'AbC' }], total: 1 });
    queryClient.setQueryData(queryKeys.list(contacts, { page: 1 }), { rows: [{ id: 'c-9', short_id: 'zzz' }], total: 1 });
    expect(cachedRowId(queryClient, contacts, 'short_id', 'AbC')).toBeNull();
  });
});
