import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { errorMessage } from '@steward/libs/data';
import { formatDate, formatDollars, useSubmit } from '@steward/libs/ui';
import type { StatementData } from './giving';
import './statement.css';

/** A year-end giving statement, ready to print (the print stylesheet shows it alone) or save as PDF. */
export function GivingStatement({ data }: { data: StatementData }) {
  const { busy, alert: failure, run } = useSubmit({ describe: (problem) => errorMessage(problem, 'The PDF could not be made.') });
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
    <section className="giving-statement" aria-label={`Giving statement ${data.year}`} style={{ ['--statement-accent' as string]: data.accent }}>
      <Flex className="statement-actions" gap={8} justify="flex-end" style={{ marginBottom: 12 }}>
        <Button onClick={() => window.print()}>Print</Button>
        <Button loading={busy} onClick={() => void downloadPdf()}>
          Download PDF
        </Button>
      </Flex>
      {failure ? <Alert className="statement-actions" type="error" showIcon title={failure} /> : null}
      <header>
        {data.logoUrl ? <img src={data.logoUrl} alt={`${data.orgName} logo`} height={48} style={{ maxWidth: 160, objectFit: 'contain' }} /> : null}
        <div>
          <h3 style={{ color: data.accent }}>{data.orgName}</h3>
          <div>Giving statement {data.year}</div>
        </div>
      </header>
      <address style={{ fontStyle: 'normal' }} aria-label="Donor">
        <strong>{data.name}</strong>
        {data.addressLines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      <table aria-label={`Gifts ${data.year}`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {data.gifts.length === 0 ? (
            <tr>
              <td colSpan={3}>No gifts in {data.year}.</td>
            </tr>
          ) : (
            data.gifts.map((gift) => (
              <tr key={gift.id}>
                <td>{formatDate(gift.date)}</td>
                <td>{gift.description ?? gift.transaction_type}</td>
                <td className="amount">{formatDollars(gift.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>Total {data.year}</td>
            <td className="amount" data-testid="statement-total">
              {formatDollars(data.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p style={{ marginTop: 16, fontSize: 12 }}>Thank you for your generosity.</p>
    </section>
  );
}
