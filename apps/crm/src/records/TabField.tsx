import type { ReactNode } from 'react';
import { Flex, Typography } from '@steward/libs/antd';
import { Input } from '@steward/libs/antd-data';

/** A labelled text box of a tab's small form, its message under it and tied to it (aria-describedby). */
export function TabField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  multiline = false,
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  multiline?: boolean;
  required?: boolean;
  disabled?: boolean;
}) {
  const props = {
    id,
    value,
    disabled,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': Boolean(error),
    'aria-required': required || undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {multiline ? <Input.TextArea rows={3} {...props} /> : <Input type={type} {...props} />}
      {error ? (
        <Typography.Text type="danger" id={`${id}-error`}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A labelled native select (keyboard and screen readers get the platform's own control). */
export function TabSelect({
  id,
  label,
  value,
  onChange,
  options,
  error,
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        style={{ minHeight: 32, padding: '4px 8px', borderRadius: 6, border: `1px solid ${error ? '#c0392b' : '#8c8c8c'}`, background: 'inherit', color: 'inherit' }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <Typography.Text type="danger" id={`${id}-error`}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A labelled checkbox. */
export function TabCheckbox({ id, label, checked, onChange, disabled = false }: { id: string; label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label htmlFor={id} style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
