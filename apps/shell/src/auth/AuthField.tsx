import { Form, Input } from '@steward/libs/ui/antd-data';

export type AuthFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  required?: boolean;
  invalid?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** One labelled input of the sign-in and application forms; `invalid` marks it for the current message. */
export function AuthField({ id, label, value, onChange, type = 'text', required = false, invalid = false, autoComplete, autoFocus, disabled }: AuthFieldProps) {
  const InputComponent = type === 'password' ? Input.Password : Input;
  return (
    <Form.Item label={label} htmlFor={id} required={required} validateStatus={invalid ? 'error' : undefined} style={{ marginBottom: 14 }}>
      <InputComponent
        id={id}
        type={type === 'password' ? undefined : type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        disabled={disabled}
      />
    </Form.Item>
  );
}
