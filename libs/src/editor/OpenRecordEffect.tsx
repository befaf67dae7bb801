import { useEffect } from 'react';
import { useRecord, type AnyRow, type TableRef } from '@steward/libs/data-access';

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
