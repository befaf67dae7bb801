import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldsForm } from './FieldsForm';
import { useFieldForm } from './useFieldForm';
import type { FieldDef } from './fieldSchema';
import { rowValuesFromForm } from './fieldValues';

const fields: FieldDef[] = [
  { name: 'kind', label: 'Kind', type: 'choice', required: true, options: [{ value: '', label: '—' }, { value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }] },
  { name: 'phone', label: 'Phone number', type: 'tel' },
  { name: 'colour', label: 'Colour', type: 'color' },
  { name: 'key', label: 'API Key', type: 'secret', help: 'Leave empty to keep it.' },
  { name: 'url', label: 'Webhook URL', type: 'text' },
  { name: 'is_primary', label: 'Primary phone', type: 'checkbox' },
];

let api: ReturnType<typeof useFieldForm>;
function Form() {
  const form = useFieldForm(fields, { kind: 'b', is_primary: true, colour: '#112233' });
  api = form;
  return <FieldsForm form={form} idPrefix="t" beside={{ url: <button type="button" onClick={() => form.setValue('url', 'https://x.test/hook')}>Generate</button> }} />;
}

describe('FieldsForm controls', () => {
  it('draws native choices and checkboxes, secrets masked, help and a control beside a field, from the initial row', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const kind = screen.getByLabelText(/Kind/) as HTMLSelectElement;
    expect(kind.tagName).toBe('SELECT');
    expect(kind.value).toBe('b');
    await user.selectOptions(kind, 'Alpha');
    expect(api.stateRef.current.values.kind).toBe('a');

    const primary = screen.getByLabelText('Primary phone') as HTMLInputElement;
    expect(primary.type).toBe('checkbox');
    expect(primary.checked).toBe(true);
    await user.click(primary);
    expect(api.stateRef.current.values.is_primary).toBe('false');

    expect((screen.getByLabelText('Phone number') as HTMLInputElement).type).toBe('tel');
    expect((screen.getByLabelText('API Key') as HTMLInputElement).type).toBe('password');
    expect(screen.getByText('Leave empty to keep it.')).toBeInTheDocument();
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#112233');

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('https://x.test/hook');
    expect(rowValuesFromForm(fields, api.stateRef.current.values)).toMatchObject({ kind: 'a', is_primary: false, url: 'https://x.test/hook', key: null });
  });

  it('shows errors a schema found beside their fields, with the banner, until each is edited', async () => {
    const user = userEvent.setup();
    render(<Form />);
    act(() => api.fail({ phone: 'Enter a phone number', colour: 'Use a colour like #1a2b3c' }));
    expect(await screen.findByText('Enter a phone number')).toBeInTheDocument();
    expect(api.banner).toBe('Please fix the highlighted fields.');
    await user.type(screen.getByLabelText('Phone number'), '1');
    expect(api.errors).toEqual({ colour: 'Use a colour like #1a2b3c' });
    expect(api.banner).toBe('Please fix the highlighted fields.');
    await user.type(screen.getByLabelText('Colour'), '4');
    expect(api.errors).toEqual({});
    expect(api.banner).toBeNull();
  });
});

describe('a control beside a field', () => {
  function Beside() {
    const form = useFieldForm([{ name: 'url', label: 'Webhook URL', type: 'text' }, { name: 'body', label: 'Message', type: 'textarea' }], {});
    return <FieldsForm form={form} idPrefix="b" beside={{ url: <button type="button">Generate</button>, body: <button type="button">Insert field</button> }} />;
  }

  it('sits after a short input on its row, and above a long text, which keeps the whole row to be written in', () => {
    render(<Beside />);
    const url = screen.getByLabelText('Webhook URL');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(url.compareDocumentPosition(generate) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(url.closest('.ant-flex')).not.toHaveClass('ant-flex-vertical');
    const body = screen.getByLabelText('Message');
    const insert = screen.getByRole('button', { name: 'Insert field' });
    expect(body.compareDocumentPosition(insert) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(body.closest('.ant-flex')).toHaveClass('ant-flex-vertical');
  });
});

describe('FieldsForm sections', () => {
  const own: FieldDef[] = [{ name: 'name', label: 'Name' }];
  const more: FieldDef[] = [{ name: 'custom.f1', label: 'Bin' }];
  function Sectioned() {
    const form = useFieldForm([...own, ...more], {});
    return <FieldsForm form={form} idPrefix="s" sections={[{ title: '', fields: own }, { title: 'More fields', fields: more }]} />;
  }
  it('draws an untitled section’s fields without a group and a titled one as a named group', () => {
    render(<Sectioned />);
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(1);
    expect(groups[0]).toHaveAccessibleName('More fields');
    expect(groups[0]).toContainElement(screen.getByLabelText('Bin'));
    expect(groups[0]).not.toContainElement(screen.getByLabelText('Name'));
  });
});
