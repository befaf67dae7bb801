import { useCallback, useEffect } from 'react';
import { useRecord, type AnyRow, type TableRef } from '@steward/libs/data';
import { useSearchParams } from '@steward/libs/router';

/**
 * The record an address names (`?{param}=…`: a notification's, a task's or the calendar's link) and
 * the call that drops the parameter once it has opened, replacing the history entry, so Back does not
 * open it again.
 */
export function useAddressedRecord(param: string): { value: string | null; done: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const done = useCallback(
    () =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [param, setSearchParams],
  );
  return { value: searchParams.get(param), done };
}

/**
 * Opens one record named in the address (a notification's or the calendar's link, a task's record)
 * once its row has loaded, then says it is done so the address can drop the parameter. A record the
 * person may not see (or that is gone) opens nothing.
 */
export function OpenRecordEffect({
  table,
  match,
  open,
  onDone,
}: {
  table: TableRef<AnyRow>;
  match: Record<string, string>;
  open: (row: AnyRow) => void;
  onDone: () => void;
}) {
  const record = useRecord<AnyRow>(table, match);
  const row = record.data;
  const settled = !record.isLoading;
  useEffect(() => {
    if (!settled) return;
    if (row) open(row);
    onDone();
  }, [settled, row, open, onDone]);
  return null;
}
