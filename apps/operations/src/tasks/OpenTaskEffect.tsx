import { useEffect } from 'react';
import { useRecord, type AnyRow } from '@steward/libs/data-access';
import { tasksTable } from './taskQueries';

/**
 * Opens one task (by short id) in the editor once its whole row has loaded, then says it is done:
 * a notification's link (`/tasks?task=…`), a card on the board, an item of My work.
 */
export function OpenTaskEffect({ shortId, open, onDone }: { shortId: string; open: (row: AnyRow) => void; onDone: () => void }) {
  const record = useRecord<AnyRow>(tasksTable, { short_id: shortId });
  const row = record.data;
  const settled = !record.isLoading;
  useEffect(() => {
    if (!settled) return;
    if (row) open(row);
    onDone();
  }, [settled, row, open, onDone]);
  return null;
}
