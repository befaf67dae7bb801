import { Flex, Typography } from '@steward/libs/ui/antd';

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
