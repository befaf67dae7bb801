import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deleteRecord, getDatabase, insertRecord, queryKeys, updateRecord, type AnyRow, type TableRef } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';

/**
 * Writes from a record's tabs. A contact method, address, relationship or transaction changes what
 * the record's list row, header and other tabs show, which are read from views in the crm and public
 * schemas (users' list is public.user_profiles_view): both are refreshed after every write.
 */
export function useCrmWrites() {
  const session = useSession();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    void queryClient.invalidateQueries({ queryKey: queryKeys.schema('public') });
  }, [queryClient]);
  const insert = useCallback(
    async <Row,>(ref: TableRef<Row>, values: AnyRow) => {
      const row = await insertRecord(getDatabase(), ref, values, { orgName: session.orgName });
      refresh();
      return row;
    },
    [refresh, session.orgName],
  );
  const update = useCallback(
    async <Row,>(ref: TableRef<Row>, original: AnyRow & { id: string }, values: AnyRow) => {
      const outcome = await updateRecord(getDatabase(), ref, { id: original.id, original, values });
      refresh();
      return outcome;
    },
    [refresh],
  );
  const remove = useCallback(
    async (ref: TableRef<unknown>, id: string) => {
      await deleteRecord(getDatabase(), ref, id);
      refresh();
    },
    [refresh],
  );
  return { insert, update, remove, refresh, orgName: session.orgName };
}
