import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, tableRef, useList, useRelationOptions, type AnyRow } from '@steward/libs/data';
import { type AddressParts, formatAddress, LoadingText, orderContactMethods, PrimaryBadge } from '@steward/libs/ui';
import { useSession } from '@steward/libs/session';
import { ContactMethodList, type ContactMethodItem } from '../contactMethods/ContactMethodList';
import { AddressDialog, MethodDialog, type MethodType } from '../contactMethods/MethodDialogs';
import { kindOf, type ContactMethodKind } from '../contactMethods/methodHref';
import type { OwnerColumn } from '../addNew';
import { addressesTable, contactMethodsView, methodsRequest, otherMethodsView } from './crmViews';
import { useCrmWrites } from './useCrmWrites';
import { later } from '../i18n';

const { useT } = later;

const contactMethodsTable = tableRef<AnyRow>('crm', 'contact_methods');
const otherMethodsTable = tableRef<AnyRow>('crm', 'other_contact_methods');

type Item = ContactMethodItem & { row: AnyRow; source: 'contact_methods' | 'other_contact_methods' };

const asItem = (row: AnyRow, source: Item['source']): Item => ({
  id: String(row.id),
  value: typeof row.value === 'string' ? row.value : null,
  label: typeof row.label === 'string' ? row.label : null,
  // The database decides the kind (app.contact_method_kind via contact_methods_view.kind).
  kind: kindOf(row.kind),
  is_primary: row.is_primary === true,
  archive: row.archive === true,
  created_at: typeof row.created_at === 'string' ? row.created_at : null,
  row,
  source,
});

type Editing = { what: 'method'; kind: ContactMethodKind; row: AnyRow | null; source: Item['source'] } | { what: 'address'; row: AnyRow | null } | null;
type Undo = { message: string; restore: () => Promise<unknown> } | null;

/**
 * The Contact Methods tab: phones, e-mails, other methods and addresses of one record; each can be
 * added, edited, made primary (the database demotes the old primary in the same statement) and
 * archived, with Undo. Every write refreshes the list row and the header.
 */
export function ContactMethodsTab({ ownerColumn, ownerId, canEdit = false }: { ownerColumn: OwnerColumn; ownerId: string; canEdit?: boolean }) {
  const t = useT();
  const session = useSession();
  const writes = useCrmWrites();
  const request = methodsRequest(ownerColumn, ownerId);
  const methods = useList(contactMethodsView, request);
  const others = useList(otherMethodsView, request);
  const addresses = useList(addressesTable, request);
  const typeOptions = useRelationOptions(
    canEdit ? { schema: 'crm', table: 'contact_method_types', valueField: 'id', labelField: 'name', extraFields: ['kind'], orgScope: session.orgScope } : null,
  );
  const types = useMemo<MethodType[]>(() => (typeOptions.data ?? []).map((option) => ({ id: option.value, name: option.label, kind: kindOf(option.row.kind) })), [typeOptions.data]);
  const [editing, setEditing] = useState<Editing>(null);
  const [undo, setUndo] = useState<Undo>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (methods.isLoading || others.isLoading || addresses.isLoading) return <Typography.Text><LoadingText /></Typography.Text>;
  const loadFailure = methods.error ?? others.error ?? addresses.error;
  if (loadFailure) return <Alert type="error" showIcon title={errorMessage(loadFailure, t('common.unknownError'))} />;

  const all = (methods.data?.rows ?? []).map((row) => asItem(row, 'contact_methods'));
  const other = [...all.filter((item) => item.kind === 'other'), ...(others.data?.rows ?? []).map((row) => asItem(row, 'other_contact_methods'))];
  const addressRows = orderContactMethods(addresses.data?.rows ?? []);

  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (problem) {
      setFailure(errorMessage(problem, t('common.saveFailed')));
    }
  };
  const archive = (ref: typeof contactMethodsTable, row: AnyRow & { id: string }, message: string) =>
    run(async () => {
      await writes.update(ref, row, { archive: true });
      setUndo({ message, restore: () => writes.update(ref, { id: row.id }, { archive: false }) });
    });
  const refOf = (source: Item['source']) => (source === 'contact_methods' ? contactMethodsTable : otherMethodsTable);

  const methodActions = (item: ContactMethodItem) => {
    const { row, source } = item as Item;
    const value = item.value ?? '';
    return (
      <>
        <Button size="small" aria-label={t('methods.editValue', { value })} onClick={() => setEditing({ what: 'method', kind: item.kind, row, source })}>
          {t('common.edit')}
        </Button>
        {!item.is_primary && source === 'contact_methods' ? (
          <Button size="small" aria-label={t('methods.makePrimaryValue', { value })} onClick={() => void run(() => writes.update(contactMethodsTable, row as AnyRow & { id: string }, { is_primary: true }))}>
            {t('methods.makePrimary')}
          </Button>
        ) : null}
        <Button size="small" aria-label={t('methods.archiveValue', { value })} onClick={() => void archive(refOf(source), row as AnyRow & { id: string }, t('methods.archived', { description: value }))}>
          {t('common.archive')}
        </Button>
      </>
    );
  };
  const addButton = (kind: ContactMethodKind, label: string) =>
    canEdit ? (
      <Button size="small" onClick={() => setEditing({ what: 'method', kind, row: null, source: 'contact_methods' })}>
        {label}
      </Button>
    ) : null;

  const saveMethod = async (values: AnyRow) => {
    if (!editing || editing.what !== 'method') return;
    const ref = refOf(editing.source);
    if (editing.row) await writes.update(ref, editing.row as AnyRow & { id: string }, values);
    else await writes.insert(ref, { ...values, [ownerColumn]: ownerId });
  };
  const saveAddress = async (values: AnyRow) => {
    if (!editing || editing.what !== 'address') return;
    if (editing.row) await writes.update(addressesTable, editing.row as AnyRow & { id: string }, values);
    else await writes.insert(addressesTable, { ...values, [ownerColumn]: ownerId });
  };

  return (
    <Flex vertical gap={8}>
      {undo ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={undo.message}
          closable={{ 'aria-label': t('common.dismiss') }}
          onClose={() => setUndo(null)}
          action={
            <Button
              size="small"
              onClick={() => {
                const { restore } = undo;
                setUndo(null);
                void run(restore);
              }}
            >
              {t('common.undo')}
            </Button>
          }
        />
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <ContactMethodList title={t('methods.phones')} methods={all.filter((item) => item.kind === 'phone')} actions={canEdit ? methodActions : undefined} headerAction={addButton('phone', t('methods.addPhone'))} />
      <ContactMethodList title={t('methods.emails')} methods={all.filter((item) => item.kind === 'email')} actions={canEdit ? methodActions : undefined} headerAction={addButton('email', t('methods.addEmail'))} />
      <ContactMethodList title={t('methods.others')} methods={other} actions={canEdit ? methodActions : undefined} headerAction={addButton('other', t('methods.addOther'))} />
      <section aria-label={t('methods.addresses')}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('methods.addresses')}
          </Typography.Title>
          {canEdit ? (
            <Button size="small" onClick={() => setEditing({ what: 'address', row: null })}>
              {t('address.addTitle')}
            </Button>
          ) : null}
        </div>
        {addressRows.length === 0 ? (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {addressRows.map((row) => {
              const text = formatAddress(row as AddressParts);
              const original = row as AnyRow & { id: string };
              return (
                <li key={String(row.id)} style={{ padding: '4px 0' }}>
                  {typeof row.label === 'string' ? <Typography.Text type="secondary">{t('methods.addressLabel', { label: row.label })}</Typography.Text> : null}
                  {text} {row.is_primary === true ? <PrimaryBadge /> : null}
                  {canEdit ? (
                    <span style={{ marginLeft: 8, display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
                      <Button size="small" aria-label={t('methods.editAddress', { address: text })} onClick={() => setEditing({ what: 'address', row })}>
                        {t('common.edit')}
                      </Button>
                      {row.is_primary !== true ? (
                        <Button size="small" aria-label={t('methods.makePrimaryAddress', { address: text })} onClick={() => void run(() => writes.update(addressesTable, original, { is_primary: true }))}>
                          {t('methods.makePrimary')}
                        </Button>
                      ) : null}
                      <Button size="small" aria-label={t('methods.archiveAddress', { address: text })} onClick={() => void archive(addressesTable, original, t('methods.archivedAddress', { address: text }))}>
                        {t('common.archive')}
                      </Button>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editing?.what === 'method' ? <MethodDialog kind={editing.kind} types={types} row={editing.row} onClose={() => setEditing(null)} onSave={saveMethod} /> : null}
      {editing?.what === 'address' ? <AddressDialog row={editing.row} onClose={() => setEditing(null)} onSave={saveAddress} /> : null}
    </Flex>
  );
}
