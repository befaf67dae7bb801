import { Flex, Typography } from '@steward/libs/antd';
import { StatusPill, SystemBadge, formatAddress, type AddressParts } from '@steward/libs/ui';
import { Link } from 'react-router';

/** The columns every CRM record view (businesses_view, contacts_view, households_view) shares. */
export type CrmRecordRow = AddressParts & {
  id: string;
  short_id: string;
  name: string;
  org_name: string;
  status: string | null;
  image_link: string | null;
  type_name?: string | null;
  dba_name?: string | null;
  primary_owner_name: string | null;
  primary_owner_short_id: string | null;
  secondary_owner_name: string | null;
  secondary_owner_short_id: string | null;
  primary_phone: string | null;
  primary_email: string | null;
  last_modified_at: string;
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The detail header (000 §2): logo, name, dba, type, status pill, owners joined by a bullet, primary
 * phone and e-mail links, formatted address.
 */
export function RecordHeader({ record, label }: { record: CrmRecordRow; label: string }) {
  const owners = [
    { name: record.primary_owner_name, shortId: record.primary_owner_short_id },
    { name: record.secondary_owner_name, shortId: record.secondary_owner_short_id },
  ].filter((owner): owner is { name: string; shortId: string | null } => Boolean(owner.name));
  const address = formatAddress(record);
  return (
    <Flex gap={16} align="start">
      {record.image_link ? <img src={record.image_link} alt={`${record.name} logo`} width={64} height={64} style={{ objectFit: 'contain', borderRadius: 8 }} /> : null}
      <Flex vertical gap={4}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {record.name || label} <SystemBadge orgName={record.org_name} />
        </Typography.Title>
        {record.dba_name ? <Typography.Text type="secondary">dba {record.dba_name}</Typography.Text> : null}
        <Flex gap={8} align="center" wrap>
          {record.type_name ? <Typography.Text>{record.type_name}</Typography.Text> : null}
          <StatusPill status={record.status} />
        </Flex>
        {owners.length > 0 ? (
          <Typography.Text>
            {owners.map((owner, index) => (
              <span key={`${owner.shortId ?? owner.name}-${index}`}>
                {index > 0 ? ' • ' : null}
                {owner.shortId ? <Link to={`/user/${owner.shortId}`} style={{ textDecoration: 'underline' }}>{owner.name}</Link> : owner.name}
              </span>
            ))}
          </Typography.Text>
        ) : null}
        <Flex gap={12} wrap>
          {record.primary_phone ? <a href={telHref(record.primary_phone)}>{record.primary_phone}</a> : null}
          {record.primary_email ? <a href={`mailto:${record.primary_email}`}>{record.primary_email}</a> : null}
        </Flex>
        {address ? <Typography.Text>{address}</Typography.Text> : null}
      </Flex>
    </Flex>
  );
}
