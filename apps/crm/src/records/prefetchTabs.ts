import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchList } from '@steward/libs/data';
import { crmFiles, filesRequest } from '../files/filesApi';
import { fetchRecordTransactions, transactionsKey } from '../financial/financialApi';
import { fetchRelationships, relationshipsKey } from '../relationships/relationshipsApi';
import { OWNER_COLUMN, type CrmKind } from './crmRow';
import { addressesTable, contactMethodsView, methodsRequest, otherMethodsView } from './crmViews';

/**
 * Once a record's id is known, its tabs' reads start: the Contact Methods tab's (the one shown first)
 * and the others', so switching tabs shows data instead of "Loading…" (the tabs mount their panels only
 * when first opened). The id is known before the record itself when the list it was opened from has
 * the row (CrmDetailPage), so these reads leave beside the record's own instead of after it.
 */
export function usePrefetchRecordTabs(kind: CrmKind, recordId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!recordId) return;
    const methods = methodsRequest(OWNER_COLUMN[kind], recordId);
    for (const ref of [contactMethodsView, otherMethodsView, addressesTable]) void prefetchList(queryClient, ref, methods);
    void prefetchList(queryClient, crmFiles, filesRequest(OWNER_COLUMN[kind], recordId));
    if (kind === 'user') return;
    void queryClient.prefetchQuery({ queryKey: relationshipsKey(recordId), queryFn: () => fetchRelationships(recordId) });
    void queryClient.prefetchQuery({ queryKey: transactionsKey(recordId), queryFn: () => fetchRecordTransactions(recordId) });
  }, [kind, queryClient, recordId]);
}
