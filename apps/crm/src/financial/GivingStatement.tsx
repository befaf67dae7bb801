import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { errorMessage } from '@steward/libs/data';
import { useSubmit } from '@steward/libs/ui';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { later } from '../i18n';
import { transactionTypeLabel } from './giving';
import type { StatementData } from './giving';
import './statement.css';

const { useT } = later;

/** A year-end giving statement, ready to print (the print stylesheet shows it alone) or save as PDF. */
export function GivingStatement({ data }: { data: StatementData }) {
  const t = useT();
  const { busy, alert: failure, run } = useSubmit({ describe: (problem) => errorMessage(problem, t('statement.pdfFailed')) });
  const downloadPdf = () =>
    run(async () => {
      const { statementPdf } = await import('./statementPdf');
      const url = URL.createObjectURL(statementPdf(data));
      const link = document.createElement('a');
      link.href = url;
      link.download = `giving-statement-${data.year}-${data.name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });
  return (
    <section className="giving-statement" aria-label={t('statement.label', { year: String(data.year) })} style={{ ['--statement-accent' as string]: data.accent }}>
      <Flex className="statement-actions" gap={8} justify="flex-end" style={{ marginBottom: 12 }}>
        <Button onClick={() => window.print()}>{t('statement.print')}</Button>
        <Button loading={busy} onClick={() => void downloadPdf()}>
          {t('statement.downloadPdf')}
        </Button>
      </Flex>
      {failure ? <Alert className="statement-actions" type="error" showIcon title={failure} /> : null}
      <header>
        {data.logoUrl ? <img src={data.logoUrl} alt={t('statement.logo', { name: data.orgName })} height={48} style={{ maxWidth: 160, objectFit: 'contain' }} /> : null}
        <div>
          <h3 style={{ color: data.accent }}>{data.orgName}</h3>
          <div>{t('statement.label', { year: String(data.year) })}</div>
        </div>
      </header>
      <address style={{ fontStyle: 'normal' }} aria-label={t('statement.donor')}>
        <strong>{data.name}</strong>
        {data.addressLines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      <table aria-label={t('statement.gifts', { year: String(data.year) })}>
        <thead>
          <tr>
            <th scope="col">{t('statement.date')}</th>
            <th scope="col">{t('statement.description')}</th>
            <th scope="col" className="amount">
              {t('statement.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.gifts.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('statement.noGifts', { year: String(data.year) })}</td>
            </tr>
          ) : (
            data.gifts.map((gift) => (
              <tr key={gift.id}>
                <td>{formatDate(gift.date)}</td>
                <td>{gift.description ?? transactionTypeLabel(gift.transaction_type)}</td>
                <td className="amount">{formatMoney(gift.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>{t('statement.total', { year: String(data.year) })}</td>
            <td className="amount" data-testid="statement-total">
              {formatMoney(data.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p style={{ marginTop: 16, fontSize: 12 }}>{t('statement.thanks')}</p>
    </section>
  );
}
