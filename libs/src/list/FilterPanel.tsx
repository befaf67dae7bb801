import type { ReactNode } from 'react';
import { Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input, Select } from '@steward/libs/ui/antd-data';
import { FILTER_OPERATOR_LABELS, LIST_OPERATORS, VALUELESS_OPERATORS, operatorsForType, type FilterFieldDef, type FilterFieldType, type FilterOperator, type FilterRow } from '@steward/libs/filter';
import { useRelationOptions, type SchemaName } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
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
  const def = state.fields.find((field) => field.field === row.field);
  const type = def?.type;
  const operatorOptions = operatorsForType(type).map((operator) => ({ value: operator, label: operatorLabel(operator, type) }));
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
        <ValueInput line={line} def={def} operator={row.operator} value={row.value} onChange={(value) => state.updateRow(index, { value })} onEnter={state.applyFilter} />
      )}
      <Button type="text" aria-label={`Remove condition ${line}`} onClick={() => state.removeRow(index)}>
        ✕
      </Button>
    </Flex>
  );
}

/** An operator in words for a field of a type: dates are after and before. */
function operatorLabel(operator: FilterOperator, type: FilterFieldType | undefined): string {
  if (type === 'date') {
    const dates: Partial<Record<FilterOperator, string>> = { gt: 'is after', gte: 'is on or after', lt: 'is before', lte: 'is on or before' };
    return dates[operator] ?? FILTER_OPERATOR_LABELS[operator];
  }
  return FILTER_OPERATOR_LABELS[operator];
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * The value of a condition, as its field's type takes it: choices by their labels (several for "any
 * of" and "has"; the value is their ids joined by commas), two ends for "between", a date, yes/no, or text.
 */
function ValueInput({ line, def, operator, value, onChange, onEnter }: { line: number; def: FilterFieldDef | undefined; operator: FilterOperator; value: string; onChange: (value: string) => void; onEnter: () => void }) {
  const label = `Value ${line}`;
  const several = LIST_OPERATORS.includes(operator);
  if (def?.records) return <RecordValue label={label} def={def} value={value} onChange={onChange} />;
  if (def?.options || def?.type === 'boolean') {
    const options = [...(def.options ?? YES_NO)];
    if (several) {
      return (
        <Select
          aria-label={label}
          mode="multiple"
          style={{ minWidth: 240 }}
          value={value ? value.split(',') : []}
          placeholder="Choose…"
          onChange={(next: string[]) => onChange(next.join(','))}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    }
    return (
      <Select
        aria-label={label}
        style={{ minWidth: 200 }}
        value={value || undefined}
        placeholder="Choose…"
        onChange={(next: string) => onChange(next ?? '')}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
      />
    );
  }
  const type = def?.type === 'date' ? 'date' : undefined;
  const inputMode = def?.type === 'number' ? ('decimal' as const) : undefined;
  if (operator === 'between') {
    const [from = '', to = ''] = value.split(',');
    return (
      <>
        <Input aria-label={`${label} from`} type={type} inputMode={inputMode} style={{ width: 150 }} value={from} onChange={(event) => onChange(`${event.target.value},${to}`)} onPressEnter={onEnter} />
        <span>and</span>
        <Input aria-label={`${label} to`} type={type} inputMode={inputMode} style={{ width: 150 }} value={to} onChange={(event) => onChange(`${from},${event.target.value}`)} onPressEnter={onEnter} />
      </>
    );
  }
  return (
    <Input
      aria-label={label}
      type={type}
      inputMode={inputMode}
      style={{ width: 200 }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onEnter}
      placeholder="Any value"
    />
  );
}

/** A link field's value: one of the organisation's records, picked by name (typing searches the names). */
function RecordValue({ label, def, value, onChange }: { label: string; def: FilterFieldDef; value: string; onChange: (value: string) => void }) {
  const { orgScope } = useSession();
  const records = def.records!;
  const options = useRelationOptions({ ...records, schema: records.schema as SchemaName, orgScope });
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 240 }}
      value={value || undefined}
      placeholder="Choose a record…"
      loading={options.isLoading}
      onChange={(next: string) => onChange(next ?? '')}
      options={(options.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
