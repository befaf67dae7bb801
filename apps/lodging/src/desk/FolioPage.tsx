import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { Link, useParams } from '@steward/libs/router';
import { PageFrame } from '@steward/libs/ui';
import { useStayMoney } from './StayMoney';
import { DAY_TIME, guestsLabel, statusLabel } from './deskApi';
import { fetchFolio } from './folioApi';

import './desk.css';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { useT } from '../i18n';

/** /folio/:id — a stay's folio for the guest: the organisation's logo and colour, the stay, its charges, payments and balance due; prints alone. */
export function FolioPage() {
  const t = useT();
  const { id = '' } = useParams();
  const folio = useQuery({ queryKey: [...queryKeys.schema('catalog'), 'folio', id], queryFn: () => fetchFolio(id), enabled: Boolean(id) });
  const money_ = useStayMoney(id || null);
  if (folio.isLoading || money_.isLoading) return <Typography.Paragraph>{t('common.loading')}</Typography.Paragraph>;
  if (folio.error || !folio.data) return <Alert type="error" showIcon title={t('common.error', { message: errorMessage(folio.error, t('folio.loadFailed')) })} />;
  const { stay, branding, organization, currency } = folio.data;
  const balance = money_.data?.balance;
  const logo = branding?.logo_url || organization?.logo_url || null;
  const orgTitle = organization?.display_name || organization?.name || stay.org_name;
  const address = [organization?.address_line_1, [organization?.city, organization?.state, organization?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <PageFrame
      title={<span className="stw-no-print">{t('folio.title')}</span>}
      actions={
        <Flex gap={8} className="stw-no-print">
          <Link to="/frontdesk">{t('folio.frontDesk')}</Link>
          <Button type="primary" onClick={() => window.print()}>
            {t('folio.print')}
          </Button>
        </Flex>
      }
    >
      <article className="stw-folio" aria-label={t('folio.label', { confirmation: stay.confirmation })} style={{ ['--stw-folio-accent' as string]: branding?.primary_color ?? '#1f1f1f' }}>
        <header className="stw-folio__brand">
          {logo ? <img src={logo} alt={t('folio.logo', { org: orgTitle })} /> : null}
          <div>
            <h1 style={{ margin: 0, fontSize: 22 }}>{orgTitle}</h1>
            {address ? <div>{address}</div> : null}
            {[organization?.email, organization?.phone].filter(Boolean).join(' · ')}
          </div>
        </header>
        <h2 style={{ fontSize: 18 }}>
          {t('folio.heading', { confirmation: stay.confirmation, name: stay.name })}
        </h2>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content auto', gap: '2px 16px' }}>
          <dt>{t('folio.guest')}</dt>
          <dd style={{ margin: 0 }}>{stay.contact_name ?? stay.name}</dd>
          <dt>{t('folio.accommodation')}</dt>
          <dd style={{ margin: 0 }}>{stay.accommodation_name ?? '—'}</dd>
          <dt>{t('desk.checkIn')}</dt>
          <dd style={{ margin: 0 }}>{formatDate(stay.check_in, DAY_TIME)}</dd>
          <dt>{t('desk.checkOut')}</dt>
          <dd style={{ margin: 0 }}>{formatDate(stay.check_out, DAY_TIME)}</dd>
          <dt>{t('desk.guests')}</dt>
          <dd style={{ margin: 0 }}>{guestsLabel(stay.adults, stay.children, stay.pets)}</dd>
          <dt>{t('desk.status')}</dt>
          <dd style={{ margin: 0 }}>{statusLabel(stay.status)}</dd>
        </dl>
        <table aria-label={t('folio.charges')}>
          <thead>
            <tr>
              <th scope="col">{t('folio.item')}</th>
              <th scope="col" className="stw-num">
                {t('folio.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                {t('folio.nights', { count: stay.nights ?? 0 })}
                {stay.price_overridden ? <>{' '}{t('folio.manualPrice')}</> : null}
              </td>
              <td className="stw-num">{formatMoney(stay.subtotal, currency)}</td>
            </tr>
            <tr>
              <td>{t('folio.fees')}</td>
              <td className="stw-num">{formatMoney(stay.fees_amount, currency)}</td>
            </tr>
            <tr>
              <td>{t('folio.tax')}</td>
              <td className="stw-num">{formatMoney(stay.tax_amount, currency)}</td>
            </tr>
            <tr>
              <th scope="row">{t('folio.total')}</th>
              <th className="stw-num">{formatMoney(stay.total_amount, currency)}</th>
            </tr>
            {(money_.data?.payments ?? []).map((line) => (
              <tr key={line.id}>
                <td>
                  {t('money.kindLabel', { kind: line.line_type })}, {formatDate(line.paid_at)}
                  {line.method ? ` (${line.method})` : ''}
                </td>
                <td className="stw-num">
                  {line.line_type === 'refund' ? '' : '−'}
                  {formatMoney(line.qty * line.unit_price - line.discount_amount, currency)}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('desk.balanceDue')}</th>
              <th className="stw-num" data-testid="folio-balance">
                {formatMoney(balance?.balance_due ?? stay.total_amount, currency)}
              </th>
            </tr>
          </tbody>
        </table>
      </article>
    </PageFrame>
  );
}
