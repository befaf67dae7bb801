import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchList } from '@steward/libs/data-access';
import { crmFiles, filesRequest } from '../files/filesApi';
import { fetchRecordTransactions, transactionsKey } from '../financial/financialApi';
import { fetchRelationships, relationshipsKey } from '../relationships/relationshipsApi';
import { OWNER_COLUMN, type CrmKind } from './crmRow';

/**
 * Once a record is known, its other tabs' reads start beside the Contact Methods tab's, so switching
 * tabs shows data instead of "Loading…" (the tabs mount their panels only when first opened).
 */
export function usePrefetchRecordTabs(kind: CrmKind, recordId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!recordId) return;
    prefetchList(queryClient, crmFiles, filesRequest(OWNER_COLUMN[kind], recordId));
    if (kind === 'user') return;
    void queryClient.prefetchQuery({ queryKey: relationshipsKey(recordId), queryFn: () => fetchRelationships(recordId) });
    void queryClient.prefetchQuery({ queryKey: transactionsKey(recordId), queryFn: () => fetchRecordTransactions(recordId) });
  }, [kind, queryClient, recordId]);
}
