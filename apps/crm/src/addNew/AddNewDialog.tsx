import { Alert, Button, Col, Divider, Row } from '@steward/libs/ui/antd';
import { Form, Input, Modal, Select } from '@steward/libs/ui/antd-data';
import { FieldsForm } from '@steward/libs/form';
import { useOpenedOnce } from '@steward/libs/ui';
import { ADDRESS_FIELDS, type AddNewDialogApi } from './useAddNewDialog';
import type { ContactMethodType } from './contactMethodTypes';
import { later } from '../i18n';

const { useT } = later;

const typeOptions = (types: readonly ContactMethodType[]) => [{ value: '', label: '—' }, ...types.map((type) => ({ value: type.id, label: type.name }))];

const METHOD_ROWS = [
  { kind: 'phone', typeLabel: 'addNew.phoneType', valueLabel: 'addNew.primaryPhone', inputType: 'tel', value: 'phone', typeId: 'phoneTypeId', types: 'phoneTypes' },
  { kind: 'email', typeLabel: 'addNew.emailType', valueLabel: 'addNew.primaryEmail', inputType: 'email', value: 'email', typeId: 'emailTypeId', types: 'emailTypes' },
] as const;

/**
 * The primary phone and e-mail rows (type, then value) the dialog asks for, as `dialog.secondary` says;
 * also used by forms that drive useAddNewDialog themselves (the CRM's user form).
 */
export function PrimaryMethodFields({ dialog, idPrefix }: { dialog: AddNewDialogApi; idPrefix: string }) {
  const t = useT();
  return (
    <>
      {METHOD_ROWS.filter((row) => dialog.secondary[row.kind]).map((row) => (
        <Row key={row.kind} gutter={8}>
          <Col span={10}>
            <Form.Item label={t(row.typeLabel)} htmlFor={`${idPrefix}-${row.kind}-type`}>
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
            <Form.Item label={t(row.valueLabel)} htmlFor={`${idPrefix}-primary-${row.kind}`}>
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

/** The address lines of the new record, under the fields. */
function AddressFields({ dialog, idPrefix }: { dialog: AddNewDialogApi; idPrefix: string }) {
  const t = useT();
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('addNew.address')}
      </Divider>
      {ADDRESS_FIELDS.map((field) => (
        <Form.Item key={field.name} label={field.label} htmlFor={`${idPrefix}-${field.name}`}>
          <Input
            id={`${idPrefix}-${field.name}`}
            value={dialog.extra.address[field.name] ?? ''}
            onChange={(event) => dialog.setSecondary({ address: { ...dialog.extra.address, [field.name]: event.target.value } })}
            disabled={dialog.busy}
          />
        </Form.Item>
      ))}
    </>
  );
}

/** The Add New dialog of the CRM lists; all behaviour lives in useAddNewDialog. */
export function AddNewDialog({ dialog }: { dialog: AddNewDialogApi }) {
  const t = useT();
  const opened = useOpenedOnce(dialog.open);
  if (!opened) return null;
  return (
    <Modal
      {...dialog.modalProps}
      footer={[
        <Button key="cancel" onClick={dialog.close} disabled={dialog.busy}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={dialog.busy} disabled={dialog.busy} onClick={() => void dialog.submit()}>
          {dialog.busy ? t('common.saving') : t('common.save')}
        </Button>,
      ]}
    >
      {dialog.alert ? <Alert type="error" showIcon title={dialog.alert} style={{ marginBottom: 12 }} /> : null}
      <FieldsForm form={dialog.form} idPrefix="add-new" disabled={dialog.busy}>
        <PrimaryMethodFields dialog={dialog} idPrefix="add-new" />
        {dialog.secondary.address ? <AddressFields dialog={dialog} idPrefix="add-new" /> : null}
      </FieldsForm>
    </Modal>
  );
}
