import { Input, Select } from '@steward/libs/ui/antd-data';
import { useSession } from '@steward/libs/session';
import { useRelationOptions } from '@steward/libs/data';
import { fieldTypeOf, type SelectOption } from './fieldSchema';
import type { FieldInputProps } from './fieldInputProps';
import { UploadField } from './UploadField';
import { HEX_COLOR } from './validateRecord';
import { t } from '@steward/libs/messages';

export type { FieldInputProps };

const EMPTY_OPTION: SelectOption = { value: '', label: '—' };
const booleanOptions = (): SelectOption[] => [EMPTY_OPTION, { value: 'true', label: t('form.true') }, { value: 'false', label: t('form.false') }];

function RelationSelect({ id, field, value, onChange, disabled, invalid }: FieldInputProps) {
  const { orgScope } = useSession();
  const relation = field.relation;
  const options = useRelationOptions(
    relation ? { ...relation, ...(relation.orgScoped === false ? {} : { orgScope }) } : null,
  );
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      value={typeof value === 'string' ? value : ''}
      onChange={(next: string) => onChange(next ?? '')}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      loading={options.isLoading}
      options={[EMPTY_OPTION, ...(options.data ?? []).map(({ value: optionValue, label }) => ({ value: optionValue, label }))]}
    />
  );
}

/** One control per field type; the empty choice of every select is '' (stored as null). */
export function FieldInput(props: FieldInputProps) {
  const { id, field, value, onChange, disabled, invalid } = props;
  const text = typeof value === 'string' ? value : '';
  const status = invalid ? ('error' as const) : undefined;
  switch (fieldTypeOf(field)) {
    case 'textarea':
    case 'json':
      return (
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          status={status}
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={field.placeholder}
          style={fieldTypeOf(field) === 'json' ? { fontFamily: 'monospace' } : undefined}
        />
      );
    case 'boolean':
      return (
        <Select id={id} value={text} onChange={(next: string) => onChange(next)} disabled={disabled} status={status} options={field.options ? [EMPTY_OPTION, ...field.options] : booleanOptions()} />
      );
    case 'select':
      return (
        <Select id={id} value={text} onChange={(next: string) => onChange(next)} disabled={disabled} status={status} options={[EMPTY_OPTION, ...(field.options ?? [])]} />
      );
    case 'relation':
      return <RelationSelect {...props} />;
    case 'tags':
      return (
        <Select
          id={id}
          mode="tags"
          value={Array.isArray(value) ? value : []}
          onChange={(next: string[]) => onChange(next)}
          disabled={disabled}
          status={status}
          tokenSeparators={[',']}
        />
      );
    case 'upload':
      return <UploadField {...props} value={text} />;
    case 'multiselect':
      return (
        <Select
          id={id}
          mode="multiple"
          value={Array.isArray(value) ? value : []}
          onChange={(next: string[]) => onChange(next)}
          disabled={disabled}
          status={status}
          options={[...(field.options ?? [])]}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'money':
      return (
        <Input
          id={id}
          inputMode="decimal"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          status={status}
          placeholder={field.placeholder}
          suffix={field.currency ? <span aria-label={t('form.inCurrency', { currency: field.currency })}>{field.currency}</span> : undefined}
        />
      );
    case 'number':
    case 'integer':
      return <Input id={id} inputMode="decimal" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} placeholder={field.placeholder} />;
    case 'date':
      return <Input id={id} type="date" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} />;
    case 'datetime':
      return <Input id={id} type="datetime-local" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} />;
    case 'color':
      return (
        <Input
          id={id}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          status={status}
          placeholder={field.placeholder ?? t('form.colourPlaceholder')}
          prefix={<span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, border: '1px solid #888', background: HEX_COLOR.test(text) ? text : 'transparent' }} />}
        />
      );
    case 'secret':
      return <Input.Password id={id} autoComplete="new-password" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} placeholder={field.placeholder} />;
    case 'tel':
      return <Input id={id} type="tel" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} placeholder={field.placeholder} />;
    case 'choice':
      return (
        <select
          id={id}
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
          style={{ minHeight: 32, padding: '4px 8px', borderRadius: 6, border: `1px solid ${invalid ? '#c0392b' : '#8c8c8c'}`, background: 'inherit', color: 'inherit' }}
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
      return (
        <label htmlFor={id} style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <input id={id} type="checkbox" checked={text === 'true'} disabled={disabled} onChange={(event) => onChange(event.target.checked ? 'true' : 'false')} />
          {field.label}
        </label>
      );
    case 'email':
      return <Input id={id} type="email" value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} placeholder={field.placeholder} />;
    default:
      return <Input id={id} value={text} onChange={(event) => onChange(event.target.value)} disabled={disabled} status={status} placeholder={field.placeholder} />;
  }
}
