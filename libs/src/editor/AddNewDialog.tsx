import { Alert, Button, Col, Divider, Row } from '@steward/libs/antd';
import { Form, Input, Modal, Select } from '@steward/libs/antd-data';
import { FieldInput } from './FieldInput';
import { visibleFields } from './fieldSchema';
import { ADDRESS_FIELDS, type AddNewDialogApi } from './useAddNewDialog';
import type { ContactMethodType } from './contactMethodTypes';

const typeOptions = (types: readonly ContactMethodType[]) => [{ value: '', label: '—' }, ...types.map((type) => ({ value: type.id, label: type.name }))];

/** The Add New dialog of the CRM lists and the user form; all behaviour lives in useAddNewDialog. */
export function AddNewDialog({ dialog }: { dialog: AddNewDialogApi }) {
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
          {dialog.secondary.phone ? (
            <Row gutter={8}>
              <Col span={10}>
                <Form.Item label="Phone type" htmlFor="add-new-phone-type">
                  <Select id="add-new-phone-type" value={dialog.extra.phoneTypeId} onChange={(value: string) => dialog.setSecondary({ phoneTypeId: value })} options={typeOptions(dialog.phoneTypes)} loading={dialog.typesLoading} disabled={dialog.busy} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item label="Primary phone" htmlFor="add-new-phone">
                  <Input id="add-new-phone" type="tel" value={dialog.extra.phone} onChange={(event) => dialog.setSecondary({ phone: event.target.value })} disabled={dialog.busy} />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          {dialog.secondary.email ? (
            <Row gutter={8}>
              <Col span={10}>
                <Form.Item label="E-mail type" htmlFor="add-new-email-type">
                  <Select id="add-new-email-type" value={dialog.extra.emailTypeId} onChange={(value: string) => dialog.setSecondary({ emailTypeId: value })} options={typeOptions(dialog.emailTypes)} loading={dialog.typesLoading} disabled={dialog.busy} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item label="Primary e-mail" htmlFor="add-new-email">
                  <Input id="add-new-email" type="email" value={dialog.extra.email} onChange={(event) => dialog.setSecondary({ email: event.target.value })} disabled={dialog.busy} />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
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
