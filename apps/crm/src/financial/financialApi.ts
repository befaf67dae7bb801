import { useQuery } from '@tanstack/react-query';
import { SYSTEM_DEFAULT_ORG, getDatabase, orgScopeFor, queryKeys, toDataAccessError } from '@steward/libs/data';
import type { TransactionRow } from './giving';

const DEFAULT_ACCENT = '#325286';
const transactions = { schema: 'public', table: 'transactions' } as const;

/** Under public.transactions' keys: adding a transaction anywhere refreshes every Financial tab. */
export const transactionsKey = (recordId: string) => [...queryKeys.table(transactions), 'of', recordId] as const;

export async function fetchRecordTransactions(recordId: string): Promise<TransactionRow[]> {
  const { data, error } = await getDatabase().rpc('record_transactions', { p_record: recordId });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as TransactionRow[];
}

export function useRecordTransactions(recordId: string) {
  return useQuery({ queryKey: transactionsKey(recordId), queryFn: () => fetchRecordTransactions(recordId) });
}

export type Branding = { logoUrl: string | null; accent: string };

export function useStatementBranding(orgName: string | null, enabled: boolean) {
  return useQuery<Branding>({
    queryKey: [...queryKeys.table({ schema: 'settings', table: 'org_branding' }), 'statement', orgName ?? SYSTEM_DEFAULT_ORG],
    enabled,
    queryFn: async () => {
      const { data, error } = await getDatabase().schema('settings').from('org_branding').select('org_name, logo_url, primary_color').in('org_name', orgScopeFor(orgName));
      if (error) return { logoUrl: null, accent: DEFAULT_ACCENT };
      const rows = (data ?? []) as { org_name: string; logo_url: string | null; primary_color: string | null }[];
      const own = rows.find((row) => row.org_name === orgName);
      const fallback = rows.find((row) => row.org_name === SYSTEM_DEFAULT_ORG);
      return { logoUrl: own?.logo_url ?? fallback?.logo_url ?? null, accent: own?.primary_color ?? fallback?.primary_color ?? DEFAULT_ACCENT };
    },
  });
}

