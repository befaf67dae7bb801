import type { ReactNode } from 'react';
import { Badge, Button, Flex } from '@steward/libs/antd';

export type ListToolbarProps = {
  onFilters: () => void;
  onSort: () => void;
  onExport: () => void;
  /** Number of applied filter conditions, shown on the Filters button. */
  filterCount?: number;
  exportDisabled?: boolean;
  exporting?: boolean;
  /** The Add New button (from useAddNewDialog or the record editor); absent on read-only lists. */
  addNew?: { disabled?: boolean; onClick: () => void; children?: ReactNode };
  extra?: ReactNode;
};

/** Every list's actions, in this order: Filters, Sort, Export, Add New. */
export function ListToolbar({ onFilters, onSort, onExport, filterCount = 0, exportDisabled, exporting, addNew, extra }: ListToolbarProps) {
  return (
    <Flex gap={8} wrap role="toolbar" aria-label="List actions">
      <Badge count={filterCount} size="small">
        <Button onClick={onFilters}>Filters</Button>
      </Badge>
      <Button onClick={onSort}>Sort</Button>
      <Button onClick={onExport} disabled={exportDisabled} loading={exporting}>
        Export
      </Button>
      {extra}
      {addNew ? (
        <Button type="primary" disabled={addNew.disabled} onClick={addNew.onClick}>
          {addNew.children ?? 'Add New'}
        </Button>
      ) : null}
    </Flex>
  );
}
