import { Flex, Typography } from '@steward/libs/antd';
import { tableRef, useList, type AnyRow } from '@steward/libs/data-access';
import { LOADING_TEXT, listErrorText } from '@steward/libs/list';
import { ContactMethodList, PrimaryBadge, formatAddress, orderContactMethods, type AddressParts, type ContactMethodItem } from '@steward/libs/ui';
import { errorMessage } from '@steward/libs/data-access';
import type { RecordKind } from './recordKinds';

const methodsView = tableRef<ContactMethodItem & AnyRow>('crm', 'contact_methods_view');
const otherMethodsView = tableRef<ContactMethodItem & AnyRow>('crm', 'contact_methods_other');
const addressesTable = tableRef<AddressRow>('crm', 'addresses');

type AddressRow = AddressParts & { id: string; label: string | null; is_primary: boolean | null; archive: boolean | null; created_at: string | null };

/**
 * Contact Methods tab (000 §2): phones, e-mails, other methods and addresses; archived ones hidden,
 * the primary first with its badge, then newest first. The database says each method's kind
 * (app.contact_method_kind through contact_methods_view), so phones and e-mails are never guessed here.
 */
export function ContactMethodsTab({ kind, recordId }: { kind: RecordKind; recordId: string }) {
  const eq = { [kind.ownerColumn]: recordId };
  const methods = useList(methodsView, { eq, excludeArchived: true, pageSize: 500, tieBreaker: null });
  const others = useList(otherMethodsView, { eq, excludeArchived: true, pageSize: 500, tieBreaker: null });
  const addresses = useList(addressesTable, { eq, excludeArchived: true, pageSize: 500 });
  const error = methods.error ?? others.error ?? addresses.error;
  if (error) return <Typography.Text type="danger">{listErrorText(errorMessage(error, 'Unknown error'))}</Typography.Text>;
  if (methods.isLoading || others.isLoading || addresses.isLoading) return <Typography.Text>{LOADING_TEXT}</Typography.Text>;
  const all = methods.data?.rows ?? [];
  const ofKind = (which: string) => all.filter((method) => method.kind === which);
  return (
    <Flex vertical gap={8}>
      <ContactMethodList title="Phones" methods={ofKind('phone')} />
      <ContactMethodList title="E-mails" methods={ofKind('email')} />
      <ContactMethodList title="Other contact methods" methods={(others.data?.rows ?? []).map((method) => ({ ...method, kind: 'other' as const }))} />
      <section aria-label="Addresses">
        <Typography.Title level={5}>Addresses</Typography.Title>
        {(() => {
          const ordered = orderContactMethods(addresses.data?.rows ?? []);
          if (ordered.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
          return (
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {ordered.map((address) => (
                <li key={address.id} style={{ padding: '4px 0' }}>
                  {address.label ? <Typography.Text type="secondary">{address.label}: </Typography.Text> : null}
                  {formatAddress(address) || '—'} {address.is_primary ? <PrimaryBadge /> : null}
                </li>
              ))}
            </ul>
          );
        })()}
      </section>
    </Flex>
  );
}
