import type { ReactNode } from 'react';
import { Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input, Select } from '@steward/libs/ui/antd-data';
import { FILTER_OPERATOR_LABELS, LIST_OPERATORS, VALUELESS_OPERATORS, operatorsForType, type FilterFieldDef, type FilterFieldType, type FilterOperator, type FilterRow } from '@steward/libs/filter';
import { useRelationOptions, type SchemaName } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import type { FilterState } from './useFilterState';
import { later, type LibsLaterMessageId } from '@steward/libs/messages';

const { useT } = later;

/**
 * The Filters panel: one line per condition (field, operator, value), AND/OR between lines where OR
 * starts a new group; nothing reaches the list until Apply.
 */
export function FilterPanel({ state, onClose, savedFilters }: { state: FilterState; onClose?: () => void; savedFilters?: ReactNode }) {
  const t = useT();
  const fieldOptions = state.fields.map((field) => ({ value: field.field, label: field.label }));
  return (
    <Card size="small" title={t('filterPanel.title')} role="region" aria-label={t('filterPanel.title')} extra={onClose ? <Button size="small" type="text" onClick={onClose} aria-label={t('filterPanel.close')}>✕</Button> : null}>
      <Flex vertical gap={8}>
        {state.draftRows.length === 0 ? <Typography.Text type="secondary">{t('filterPanel.noConditions')}</Typography.Text> : null}
        {state.draftRows.map((row, index) => (
          <FilterLine key={index} index={index} row={row} state={state} fieldOptions={fieldOptions} />
        ))}
        <Flex gap={8} wrap>
          <Button onClick={() => state.addRow('and')}>{t('filterPanel.addCondition')}</Button>
          {state.draftRows.length > 0 ? <Button onClick={() => state.addRow('or')}>{t('filterPanel.addOrGroup')}</Button> : null}
          <span style={{ flex: 1 }} />
          <Button onClick={state.clearFilter}>{t('filterPanel.clear')}</Button>
          <Button type="primary" onClick={state.applyFilter} disabled={!state.filterDirty}>
            {t('filterPanel.apply')}
          </Button>
        </Flex>
        {savedFilters}
      </Flex>
    </Card>
  );
}

function FilterLine({ index, row, state, fieldOptions }: { index: number; row: FilterRow; state: FilterState; fieldOptions: { value: string; label: string }[] }) {
  const t = useT();
  const def = state.fields.find((field) => field.field === row.field);
  const type = def?.type;
  const operatorOptions = operatorsForType(type).map((operator) => ({ value: operator, label: t(operatorLabel(operator, type)) }));
  const line = index + 1;
  return (
    <Flex gap={6} align="center" wrap role="group" aria-label={t('filterPanel.condition', { line })}>
      {index === 0 ? (
        <Typography.Text style={{ width: 72 }}>{t('filterPanel.where')}</Typography.Text>
      ) : (
        <Select
          aria-label={t('filterPanel.join', { line })}
          style={{ width: 72 }}
          value={row.join}
          onChange={(join: FilterRow['join']) => state.updateRow(index, { join })}
          options={[
            { value: 'and', label: t('filterPanel.and') },
            { value: 'or', label: t('filterPanel.or') },
          ]}
        />
      )}
      {/* The list of fields as wide as its longest name: a column's name in a longer language ("Medios de contacto") was cut at 150 px. */}
      <Select aria-label={t('filterPanel.field', { line })} style={{ minWidth: 150 }} popupMatchSelectWidth={false} value={row.field} onChange={(field: string) => state.updateRow(index, { field })} options={fieldOptions} />
      <Select aria-label={t('filterPanel.operator', { line })} style={{ minWidth: 150 }} value={row.operator} onChange={(operator: FilterRow['operator']) => state.updateRow(index, { operator })} options={operatorOptions} />
      {VALUELESS_OPERATORS.includes(row.operator) ? null : (
        <ValueInput line={line} def={def} operator={row.operator} value={row.value} onChange={(value) => state.updateRow(index, { value })} onEnter={state.applyFilter} />
      )}
      <Button type="text" aria-label={t('filterPanel.removeCondition', { line })} onClick={() => state.removeRow(index)}>
        ✕
      </Button>
    </Flex>
  );
}

/** An operator in words for a field of a type: dates are after and before. */
function operatorLabel(operator: FilterOperator, type: FilterFieldType | undefined): LibsLaterMessageId {
  if (type === 'date') {
    const dates: Partial<Record<FilterOperator, LibsLaterMessageId>> = { gt: 'filter.op.after', gte: 'filter.op.onOrAfter', lt: 'filter.op.before', lte: 'filter.op.onOrBefore' };
    return dates[operator] ?? FILTER_OPERATOR_LABELS[operator];
  }
  return FILTER_OPERATOR_LABELS[operator];
}


/**
 * The value of a condition, as its field's type takes it: choices by their labels (several for "any
 * of" and "has"; the value is their ids joined by commas), two ends for "between", a date, yes/no, or text.
 */
function ValueInput({ line, def, operator, value, onChange, onEnter }: { line: number; def: FilterFieldDef | undefined; operator: FilterOperator; value: string; onChange: (value: string) => void; onEnter: () => void }) {
  const t = useT();
  const label = t('filterPanel.value', { line });
  const several = LIST_OPERATORS.includes(operator);
  if (def?.records) return <RecordValue label={label} def={def} value={value} onChange={onChange} />;
  if (def?.options || def?.type === 'boolean') {
    const options = [
      ...(def.options ?? [
        { value: 'true', label: t('common.yes') },
        { value: 'false', label: t('common.no') },
      ]),
    ];
    if (several) {
      return (
        <Select
          aria-label={label}
          mode="multiple"
          style={{ minWidth: 240 }}
          value={value ? value.split(',') : []}
          placeholder={t('filterPanel.choose')}
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
        placeholder={t('filterPanel.choose')}
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
        <Input aria-label={t('filterPanel.valueFrom', { line })} type={type} inputMode={inputMode} style={{ width: 150 }} value={from} onChange={(event) => onChange(`${event.target.value},${to}`)} onPressEnter={onEnter} />
        <span>{t('filterPanel.betweenAnd')}</span>
        <Input aria-label={t('filterPanel.valueTo', { line })} type={type} inputMode={inputMode} style={{ width: 150 }} value={to} onChange={(event) => onChange(`${from},${event.target.value}`)} onPressEnter={onEnter} />
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
      placeholder={t('filterPanel.anyValue')}
    />
  );
}

/** A link field's value: one of the organisation's records, picked by name (typing searches the names). */
function RecordValue({ label, def, value, onChange }: { label: string; def: FilterFieldDef; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const { orgScope } = useSession();
  const records = def.records!;
  const options = useRelationOptions({ ...records, schema: records.schema as SchemaName, orgScope });
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 240 }}
      value={value || undefined}
      placeholder={t('filterPanel.chooseRecord')}
      loading={options.isLoading}
      onChange={(next: string) => onChange(next ?? '')}
      options={(options.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
