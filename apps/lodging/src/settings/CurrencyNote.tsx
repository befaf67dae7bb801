import { Link } from '@steward/libs/router';
import { Typography } from '@steward/libs/ui/antd';
import { useLanguage } from '@steward/libs/i18n';
import { useAccess } from '@steward/libs/session';
import { useT } from '../i18n';

/**
 * Where the currency stood: amounts are in the organisation's currency, set in Org Data (a link to it
 * for a person who may open Settings, underlined as a link inside a sentence must be).
 */
export function CurrencyNote() {
  const t = useT();
  const { currency } = useLanguage();
  const mayOpenSettings = useAccess('settings').view !== 'None';
  return (
    <Typography.Paragraph>
      {t.rich('setting.currencyFromOrgData', { currency, link: (words) => (mayOpenSettings ? <Link to="/orgsettings" style={{ textDecoration: 'underline' }}>{words}</Link> : words) })}
    </Typography.Paragraph>
  );
}
