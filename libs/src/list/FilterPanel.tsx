import type { ReactNode } from 'react';
import { Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input, Select } from '@steward/libs/ui/antd-data';
import { FILTER_OPERATOR_LABELS, VALUELESS_OPERATORS, operatorsForType, type FilterRow } from '@steward/libs/filter';
import type { FilterState } from './useFilterState';

/**
 * The Filters panel: one line per condition (field, operator, value), AND/OR between lines where OR
 * starts a new group; nothing reaches the list until Apply.
 */
export function FilterPanel({ state, onClose, savedFilters }: { state: FilterState; onClose?: () => void; savedFilters?: ReactNode }) {
  const fieldOptions = state.fields.map((field) => ({ value: field.field, label: field.label }));
  return (
    <Card size="small" title="Filters" role="region" aria-label="Filters" extra={onClose ? <Button size="small" type="text" onClick={onClose} aria-label="Close filters">✕</Button> : null}>
      <Flex vertical gap={8}>
        {state.draftRows.length === 0 ? <Typography.Text type="secondary">No conditions: every row is shown.</Typography.Text> : null}
        {state.draftRows.map((row, index) => (
          <FilterLine key={index} index={index} row={row} state={state} fieldOptions={fieldOptions} />
        ))}
        <Flex gap={8} wrap>
          <Button onClick={() => state.addRow('and')}>Add condition</Button>
          {state.draftRows.length > 0 ? <Button onClick={() => state.addRow('or')}>Add OR group</Button> : null}
          <span style={{ flex: 1 }} />
          <Button onClick={state.clearFilter}>Clear</Button>
          <Button type="primary" onClick={state.applyFilter} disabled={!state.filterDirty}>
            Apply
          </Button>
        </Flex>
        {savedFilters}
      </Flex>
    </Card>
  );
}

function FilterLine({ index, row, state, fieldOptions }: { index: number; row: FilterRow; state: FilterState; fieldOptions: { value: string; label: string }[] }) {
  const type = state.fields.find((field) => field.field === row.field)?.type;
  const operatorOptions = operatorsForType(type).map((operator) => ({ value: operator, label: FILTER_OPERATOR_LABELS[operator] }));
  const line = index + 1;
  return (
    <Flex gap={6} align="center" wrap role="group" aria-label={`Condition ${line}`}>
      {index === 0 ? (
        <Typography.Text style={{ width: 72 }}>Where</Typography.Text>
      ) : (
        <Select
          aria-label={`Join ${line}`}
          style={{ width: 72 }}
          value={row.join}
          onChange={(join: FilterRow['join']) => state.updateRow(index, { join })}
          options={[
            { value: 'and', label: 'AND' },
            { value: 'or', label: 'OR' },
          ]}
        />
      )}
      <Select aria-label={`Field ${line}`} style={{ minWidth: 150 }} value={row.field} onChange={(field: string) => state.updateRow(index, { field })} options={fieldOptions} />
      <Select aria-label={`Operator ${line}`} style={{ minWidth: 150 }} value={row.operator} onChange={(operator: FilterRow['operator']) => state.updateRow(index, { operator })} options={operatorOptions} />
      {VALUELESS_OPERATORS.includes(row.operator) ? null : (
        <Input
          aria-label={`Value ${line}`}
          style={{ width: 200 }}
          value={row.value}
          onChange={(event) => state.updateRow(index, { value: event.target.value })}
          onPressEnter={state.applyFilter}
          placeholder="Any value"
        />
      )}
      <Button type="text" aria-label={`Remove condition ${line}`} onClick={() => state.removeRow(index)}>
        ✕
      </Button>
    </Flex>
  );
}
