import { Flex, Typography } from '@steward/libs/ui/antd';
import { StatusPill, SystemBadge, formatAddress, type AddressParts } from '@steward/libs/ui';
import { text, type CrmRow } from './crmRow';
import { methodHref } from '../contactMethods/methodHref';
import { later } from '../i18n';

const { useT } = later;

/** Logo, name, secondary line, type, status pill, owners joined by a bullet, primary phone and e-mail, address. */
export function RecordHeader({ row, heading, secondary }: { row: CrmRow; heading: string; secondary?: string | null }) {
  const t = useT();
  const owners = [text(row.primary_owner_name), text(row.secondary_owner_name)].filter(Boolean);
  const phone = text(row.primary_phone);
  const email = text(row.primary_email);
  const address = formatAddress(row as AddressParts);
  const logo = text(row.image_link) || text(row.avatar_url);
  return (
    <Flex gap={16} align="start">
      {logo ? <img src={logo} alt={t('record.logo', { name: text(row.name) })} width={64} height={64} style={{ objectFit: 'contain', borderRadius: 8 }} /> : null}
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {heading} <SystemBadge orgName={row.org_name} />
        </Typography.Title>
        {secondary ? <Typography.Text type="secondary">{secondary}</Typography.Text> : null}
        <Flex gap={8} wrap align="center" style={{ marginTop: 4 }}>
          {row.type_name ? <Typography.Text>{text(row.type_name)}</Typography.Text> : null}
          <StatusPill status={text(row.status) || null} />
          {owners.length > 0 ? <Typography.Text aria-label={t('record.owners')}>{owners.join(' • ')}</Typography.Text> : null}
        </Flex>
        <Flex gap={12} wrap style={{ marginTop: 4 }}>
          {phone ? <a href={methodHref('phone', phone) ?? undefined} style={{ textDecoration: 'underline' }}>{phone}</a> : null}
          {email ? <a href={methodHref('email', email) ?? undefined} style={{ textDecoration: 'underline' }}>{email}</a> : null}
          {address ? <Typography.Text>{address}</Typography.Text> : null}
        </Flex>
      </div>
    </Flex>
  );
}
