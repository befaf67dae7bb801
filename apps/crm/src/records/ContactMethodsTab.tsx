import { Alert, Typography } from '@steward/libs/antd';
import { errorMessage, useList } from '@steward/libs/data-access';
import { PrimaryBadge, formatAddress, orderContactMethods, type AddressParts } from '@steward/libs/ui';
import { ContactMethodList, type ContactMethodItem } from '../contactMethods/ContactMethodList';
import { kindOf } from '../contactMethods/methodHref';
import { LOADING_TEXT } from '@steward/libs/list';
import type { OwnerColumn } from '../addNew';
import { addressesTable, contactMethodsView, otherMethodsView } from './crmViews';

const asItem = (row: Record<string, unknown>): ContactMethodItem => ({
  id: String(row.id),
  value: typeof row.value === 'string' ? row.value : null,
  label: typeof row.label === 'string' ? row.label : null,
  // The database decides the kind (app.contact_method_kind via contact_methods_view.kind).
  kind: kindOf(row.kind),
  is_primary: row.is_primary === true,
  archive: row.archive === true,
  created_at: typeof row.created_at === 'string' ? row.created_at : null,
});

/** The Contact Methods tab: phones, e-mails, other methods and addresses of one record. */
export function ContactMethodsTab({ ownerColumn, ownerId }: { ownerColumn: OwnerColumn; ownerId: string }) {
  const request = { eq: { [ownerColumn]: ownerId }, excludeArchived: true, pageSize: 1000 };
  const methods = useList(contactMethodsView, request);
  const others = useList(otherMethodsView, request);
  const addresses = useList(addressesTable, request);
  if (methods.isLoading || others.isLoading || addresses.isLoading) return <Typography.Text>{LOADING_TEXT}</Typography.Text>;
  const failure = methods.error ?? others.error ?? addresses.error;
  if (failure) return <Alert type="error" showIcon title={errorMessage(failure, 'Unknown error')} />;
  const all = (methods.data?.rows ?? []).map(asItem);
  const other = [...all.filter((item) => item.kind === 'other'), ...(others.data?.rows ?? []).map(asItem)];
  const addressRows = orderContactMethods(addresses.data?.rows ?? []);
  return (
    <div>
      <ContactMethodList title="Phones" methods={all.filter((item) => item.kind === 'phone')} />
      <ContactMethodList title="E-mails" methods={all.filter((item) => item.kind === 'email')} />
      <ContactMethodList title="Other methods" methods={other} />
      <section aria-label="Addresses">
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Addresses
        </Typography.Title>
        {addressRows.length === 0 ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {addressRows.map((row) => (
              <li key={String(row.id)}>
                {typeof row.label === 'string' ? <Typography.Text type="secondary">{row.label}: </Typography.Text> : null}
                {formatAddress(row as AddressParts)} {row.is_primary === true ? <PrimaryBadge /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
