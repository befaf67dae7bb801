import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { Link, useParams } from '@steward/libs/router';
import { PageFrame } from '@steward/libs/ui';
import { useStayMoney } from './StayMoney';
import { guestsLabel, money } from './deskApi';
import { fetchFolio } from './folioApi';

const KIND_LABEL: Record<string, string> = { deposit: 'Deposit', payment: 'Payment', refund: 'Refund' };
import './desk.css';

/** /folio/:id — a stay's folio for the guest: the organisation's logo and colour, the stay, its charges, payments and balance due; prints alone. */
export function FolioPage() {
  const { id = '' } = useParams();
  const folio = useQuery({ queryKey: [...queryKeys.schema('catalog'), 'folio', id], queryFn: () => fetchFolio(id), enabled: Boolean(id) });
  const money_ = useStayMoney(id || null);
  if (folio.isLoading || money_.isLoading) return <Typography.Paragraph>Loading...</Typography.Paragraph>;
  if (folio.error || !folio.data) return <Alert type="error" showIcon title={`Error: ${errorMessage(folio.error, 'Failed to load the folio.')}`} />;
  const { stay, branding, organization, currency } = folio.data;
  const balance = money_.data?.balance;
  const logo = branding?.logo_url || organization?.logo_url || null;
  const orgTitle = organization?.display_name || organization?.name || stay.org_name;
  const address = [organization?.address_line_1, [organization?.city, organization?.state, organization?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <PageFrame
      title={<span className="stw-no-print">Folio</span>}
      actions={
        <Flex gap={8} className="stw-no-print">
          <Link to="/frontdesk">Front desk</Link>
          <Button type="primary" onClick={() => window.print()}>
            Print
          </Button>
        </Flex>
      }
    >
      <article className="stw-folio" aria-label={`Folio ${stay.confirmation}`} style={{ ['--stw-folio-accent' as string]: branding?.primary_color ?? '#1f1f1f' }}>
        <header className="stw-folio__brand">
          {logo ? <img src={logo} alt={`${orgTitle} logo`} /> : null}
          <div>
            <h1 style={{ margin: 0, fontSize: 22 }}>{orgTitle}</h1>
            {address ? <div>{address}</div> : null}
            {[organization?.email, organization?.phone].filter(Boolean).join(' · ')}
          </div>
        </header>
        <h2 style={{ fontSize: 18 }}>
          Folio {stay.confirmation} — {stay.name}
        </h2>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content auto', gap: '2px 16px' }}>
          <dt>Guest</dt>
          <dd style={{ margin: 0 }}>{stay.contact_name ?? stay.name}</dd>
          <dt>Accommodation</dt>
          <dd style={{ margin: 0 }}>{stay.accommodation_name ?? '—'}</dd>
          <dt>Check-in</dt>
          <dd style={{ margin: 0 }}>{new Date(stay.check_in).toLocaleString()}</dd>
          <dt>Check-out</dt>
          <dd style={{ margin: 0 }}>{new Date(stay.check_out).toLocaleString()}</dd>
          <dt>Guests</dt>
          <dd style={{ margin: 0 }}>{guestsLabel(stay.adults, stay.children, stay.pets)}</dd>
          <dt>Status</dt>
          <dd style={{ margin: 0 }}>{stay.status}</dd>
        </dl>
        <table aria-label="Charges and payments">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="stw-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                Accommodation, {stay.nights ?? 0} {stay.nights === 1 ? 'night' : 'nights'}
                {stay.price_overridden ? ' (manual price)' : ''}
              </td>
              <td className="stw-num">{money(stay.subtotal, currency)}</td>
            </tr>
            <tr>
              <td>Fees</td>
              <td className="stw-num">{money(stay.fees_amount, currency)}</td>
            </tr>
            <tr>
              <td>Tax</td>
              <td className="stw-num">{money(stay.tax_amount, currency)}</td>
            </tr>
            <tr>
              <th scope="row">Total</th>
              <th className="stw-num">{money(stay.total_amount, currency)}</th>
            </tr>
            {(money_.data?.payments ?? []).map((line) => (
              <tr key={line.id}>
                <td>
                  {KIND_LABEL[line.line_type] ?? line.line_type}, {new Date(line.paid_at).toLocaleDateString()}
                  {line.method ? ` (${line.method})` : ''}
                </td>
                <td className="stw-num">
                  {line.line_type === 'refund' ? '' : '−'}
                  {money(line.qty * line.unit_price - line.discount_amount, currency)}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Balance due</th>
              <th className="stw-num" data-testid="folio-balance">
                {money(balance?.balance_due ?? stay.total_amount, currency)}
              </th>
            </tr>
          </tbody>
        </table>
      </article>
    </PageFrame>
  );
}
