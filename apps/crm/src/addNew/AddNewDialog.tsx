import { Alert, Button, Col, Divider, Row } from '@steward/libs/antd';
import { Form, Input, Modal, Select } from '@steward/libs/antd-data';
import { FieldInput, visibleFields } from '@steward/libs/editor';
import { useOpenedOnce } from '@steward/libs/ui';
import { ADDRESS_FIELDS, type AddNewDialogApi } from './useAddNewDialog';
import type { ContactMethodType } from './contactMethodTypes';

const typeOptions = (types: readonly ContactMethodType[]) => [{ value: '', label: '—' }, ...types.map((type) => ({ value: type.id, label: type.name }))];

const METHOD_ROWS = [
  { kind: 'phone', typeLabel: 'Phone type', valueLabel: 'Primary phone', inputType: 'tel', value: 'phone', typeId: 'phoneTypeId', types: 'phoneTypes' },
  { kind: 'email', typeLabel: 'E-mail type', valueLabel: 'Primary e-mail', inputType: 'email', value: 'email', typeId: 'emailTypeId', types: 'emailTypes' },
] as const;

/**
 * The primary phone and e-mail rows (type, then value) the dialog asks for, as `dialog.secondary` says;
 * also used by forms that drive useAddNewDialog themselves (the CRM's user form).
 */
export function PrimaryMethodFields({ dialog, idPrefix }: { dialog: AddNewDialogApi; idPrefix: string }) {
  return (
    <>
      {METHOD_ROWS.filter((row) => dialog.secondary[row.kind]).map((row) => (
        <Row key={row.kind} gutter={8}>
          <Col span={10}>
            <Form.Item label={row.typeLabel} htmlFor={`${idPrefix}-${row.kind}-type`}>
              <Select
                id={`${idPrefix}-${row.kind}-type`}
                value={dialog.extra[row.typeId]}
                onChange={(value: string) => dialog.setSecondary({ [row.typeId]: value })}
                options={typeOptions(dialog[row.types])}
                loading={dialog.typesLoading}
                disabled={dialog.busy}
              />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item label={row.valueLabel} htmlFor={`${idPrefix}-primary-${row.kind}`}>
              <Input
                id={`${idPrefix}-primary-${row.kind}`}
                type={row.inputType}
                value={dialog.extra[row.value]}
                onChange={(event) => dialog.setSecondary({ [row.value]: event.target.value })}
                disabled={dialog.busy}
              />
            </Form.Item>
          </Col>
        </Row>
      ))}
    </>
  );
}

/** The Add New dialog of the CRM lists and the user form; all behaviour lives in useAddNewDialog. */
export function AddNewDialog({ dialog }: { dialog: AddNewDialogApi }) {
  const opened = useOpenedOnce(dialog.open);
  const done = dialog.warnings.length > 0;
  const footer = done
    ? [
        <Button key="close" type="primary" onClick={dialog.close}>
          Close
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={dialog.close} disabled={dialog.busy}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={dialog.busy} disabled={dialog.busy} onClick={() => void dialog.submit()}>
          {dialog.busy ? 'Saving…' : 'Save'}
        </Button>,
      ];
  if (!opened) return null;
  return (
    <Modal {...dialog.modalProps} footer={footer}>
      {dialog.alert ? <Alert type="error" showIcon title={dialog.alert} style={{ marginBottom: 12 }} /> : null}
      {done ? (
        dialog.warnings.map((warning) => <Alert key={warning} type="warning" showIcon title={warning} style={{ marginBottom: 8 }} />)
      ) : (
        <Form layout="vertical" component="div">
          {visibleFields(dialog.fields).map((field) => {
            const id = `add-new-${field.name}`;
            const error = dialog.errors[field.name];
            return (
              <Form.Item key={field.name} label={field.label} htmlFor={id} required={Boolean(field.required)} validateStatus={error ? 'error' : undefined} help={error}>
                <FieldInput id={id} field={field} value={dialog.values[field.name] ?? ''} onChange={(value) => dialog.setValue(field.name, value)} disabled={dialog.busy || field.readOnly} invalid={Boolean(error)} />
              </Form.Item>
            );
          })}
          <PrimaryMethodFields dialog={dialog} idPrefix="add-new" />
          {dialog.secondary.address ? (
            <>
              <Divider titlePlacement="start" plain>
                Address
              </Divider>
              {ADDRESS_FIELDS.map((field) => (
                <Form.Item key={field.name} label={field.label} htmlFor={`add-new-${field.name}`}>
                  <Input
                    id={`add-new-${field.name}`}
                    value={dialog.extra.address[field.name] ?? ''}
                    onChange={(event) => dialog.setSecondary({ address: { ...dialog.extra.address, [field.name]: event.target.value } })}
                    disabled={dialog.busy}
                  />
                </Form.Item>
              ))}
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
