// The React Query hooks over @steward/libs/data: lists, one record, writes that refresh their schema, relation options, saved filters.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchList, type ListRequest, type ListResult } from './listQuery';
import { fetchRecord, insertRecord, updateRecord, type RecordMatch, type UpdateOutcome, type UpdateRequest, type WriteContext } from './records';
import { fetchRelationOptions, type RelationOption, type RelationSource } from './relationOptions';
import { deleteSavedFilter, fetchSavedFilters, saveFilter, updateSavedFilter, type SavedFilter } from './savedFilters';
import { queryKeys } from './queryKeys';
import { callFunction, type FunctionRef } from './callFunction';
import { getDatabase } from '@steward/libs/boot';
import type { AnyRow, TableRef } from './tableRef';
import type { FilterNode, SortSpec } from '@steward/libs/filter';

/** A list's query: its key (schema, table, the request) and how it is fetched. Early starts and screens share it. */
export function listQueryOptions<Row>(ref: TableRef<Row>, request: ListRequest) {
  return { queryKey: queryKeys.list(ref, request), queryFn: () => fetchList<Row>(getDatabase(), ref, request) };
}

export function useList<Row>(ref: TableRef<Row>, request: ListRequest, options: { enabled?: boolean } = {}) {
  return useQuery<ListResult<Row>>({
    ...listQueryOptions(ref, request),
    // Keep the previous page on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useRecord<Row>(ref: TableRef<Row>, match: RecordMatch | null, select?: string) {
  return useQuery<Row | null>({
    queryKey: queryKeys.record(ref, { match, select }),
    queryFn: () => fetchRecord(getDatabase(), ref, match ?? {}, select),
    enabled: match !== null,
  });
}

function useInvalidateSchema(ref: TableRef<unknown>) {
  const queryClient = useQueryClient();
  // Not awaited: the write is done when the server says so; lists refresh behind it.
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.schema(ref.schema) });
}

export function useInsert<Row>(ref: TableRef<Row>, context: WriteContext) {
  const invalidate = useInvalidateSchema(ref);
  return useMutation<Row, Error, AnyRow>({
    mutationFn: (values) => insertRecord(getDatabase(), ref, values, context),
    onSuccess: () => invalidate(),
  });
}

export function useUpdate<Row>(ref: TableRef<Row>) {
  const invalidate = useInvalidateSchema(ref);
  return useMutation<UpdateOutcome<Row>, Error, UpdateRequest>({
    mutationFn: (request) => updateRecord(getDatabase(), ref, request),
    onSuccess: (outcome) => {
      if (outcome.status === 'updated') invalidate();
    },
  });
}

/**
 * A database function that writes several rows as one call (all or nothing); once it lands, the
 * lists and records of the schemas it writes are read again.
 */
export function useCallFunction<Result, Args extends Readonly<Record<string, unknown>>>(ref: FunctionRef<Result>, writes: readonly Pick<TableRef<unknown>, 'schema'>[]) {
  const queryClient = useQueryClient();
  return useMutation<Result, Error, Args>({
    mutationFn: (args) => callFunction(getDatabase(), ref, args),
    onSuccess: () => {
      for (const schema of new Set(writes.map((ref) => ref.schema))) void queryClient.invalidateQueries({ queryKey: queryKeys.schema(schema) });
    },
  });
}

export function useRelationOptions(source: RelationSource | null) {
  return useQuery<RelationOption[]>({
    queryKey: queryKeys.options(source ?? { schema: '', table: '' }, source),
    queryFn: () => fetchRelationOptions(getDatabase(), source as RelationSource),
    enabled: source !== null,
    staleTime: 60_000,
  });
}

export function useSavedFilters(listKey: string | null, orgName: string | null) {
  const queryClient = useQueryClient();
  const key = queryKeys.savedFilters(`${orgName ?? ''}:${listKey ?? ''}`);
  const query = useQuery<SavedFilter[]>({
    queryKey: key,
    queryFn: () => fetchSavedFilters(getDatabase(), listKey ?? ''),
    enabled: listKey !== null && orgName !== null,
  });
  const save = useMutation<SavedFilter, Error, { name: string; filter: FilterNode | null; sort: SortSpec; columns?: readonly string[] | null; shared?: boolean }>({
    mutationFn: (input) => saveFilter(getDatabase(), { ...input, listKey: listKey ?? '', orgName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const update = useMutation<SavedFilter, Error, { id: string; name?: string; shared?: boolean }>({
    mutationFn: ({ id, ...patch }) => updateSavedFilter(getDatabase(), id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation<void, Error, string>({
    mutationFn: (id) => deleteSavedFilter(getDatabase(), id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { query, save, update, remove };
}
