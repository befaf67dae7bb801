import type { ReactNode } from 'react';
import { PlainBadge, PlainButton } from '@steward/libs/ui';
import { useT } from '@steward/libs/messages';

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
  const t = useT();
  return (
    <div role="toolbar" aria-label={t('toolbar.label')} className="stw-flex stw-list-actions" style={{ flexWrap: 'wrap', gap: 8 }}>
      <PlainBadge count={filterCount}>
        <PlainButton onClick={onFilters}>{t('toolbar.filters')}</PlainButton>
      </PlainBadge>
      <PlainButton onClick={onSort}>{t('toolbar.sort')}</PlainButton>
      <PlainButton onClick={onExport} disabled={exportDisabled} loading={exporting}>
        {t('toolbar.export')}
      </PlainButton>
      {extra}
      {addNew ? (
        <PlainButton variant="primary" disabled={addNew.disabled} onClick={addNew.onClick}>
          {addNew.children ?? t('toolbar.addNew')}
        </PlainButton>
      ) : null}
    </div>
  );
}
