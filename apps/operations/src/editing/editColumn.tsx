import { Button } from '@steward/libs/antd';
import { isSystemDefaultRow, type AnyRow } from '@steward/libs/data-access';
import type { ListColumn } from '@steward/libs/list';

/**
 * The Actions column: Edit opens the generic editor on the row. Shared defaults ('S') have no Edit,
 * they are read-only for every organisation. Kept out of the export.
 */
export function editColumn(openEdit: (row: AnyRow) => void, nameOf: (row: AnyRow) => string): ListColumn<AnyRow> {
  return {
    key: 'actions',
    title: 'Actions',
    exported: false,
    render: (row) =>
      isSystemDefaultRow(row) ? null : (
        <Button size="small" onClick={() => openEdit(row)} aria-label={`Edit ${nameOf(row)}`}>
          Edit
        </Button>
      ),
  };
}
