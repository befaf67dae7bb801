import { useQuery } from '@tanstack/react-query';
import { getDatabase, queryKeys, toDataAccessError } from '@steward/libs/data';
import type { RelationshipRow } from './relationshipKinds';

const relationships = { schema: 'crm', table: 'relationships' } as const;

/** The query key of a record's relationships: under crm.relationships, so every crm write refreshes it. */
export const relationshipsKey = (recordId: string) => [...queryKeys.table(relationships), 'of', recordId] as const;

export async function fetchRelationships(recordId: string): Promise<RelationshipRow[]> {
  const { data, error } = await getDatabase().schema('crm').rpc('record_relationships', { p_record: recordId });
  if (error) throw toDataAccessError(error);
  return ((data ?? []) as RelationshipRow[]).sort((a, b) => a.title.localeCompare(b.title) || (a.other_name ?? '').localeCompare(b.other_name ?? ''));
}

export function useRelationships(recordId: string) {
  return useQuery({ queryKey: relationshipsKey(recordId), queryFn: () => fetchRelationships(recordId) });
}

