import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from '@steward/libs/ui/antd';
import { answerReason, errorMessage, queryKeys } from '@steward/libs/data';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { useT } from '../i18n';
import { quoteInputFrom, quoteStay, type QuoteInput } from './deskApi';
import './desk.css';

const DEBOUNCE_MS = 300;

/** The value after it has held still for `delay` ms (typing in a date or a guest count asks once). */
function useSettled<Value>(value: Value, delay: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
/** A night of the quote: "Fri, Dec 4" (en), "vie, 4 dic" (es). */
const weekday = (day: string) => formatDate(day, WEEKDAY);

/**
 * The booking form's price: the quote of the stay the form describes, asked again (debounced) as its
 * unit, dates or guests change — each night's rate and amount, then subtotal, fees, tax and total — or
 * the reason the rates refuse it. With a manual price, the amounts typed in the form are kept instead.
 */
export function QuotePanel({ values }: { values: Record<string, string | string[] | undefined> }) {
  const t = useT();
  const overridden = values.price_overridden === 'true';
  const wanted = quoteInputFrom(values);
  const key = 'input' in wanted ? JSON.stringify(wanted.input) : null;
  const settledKey = useSettled(key, DEBOUNCE_MS);
  const input = settledKey ? (JSON.parse(settledKey) as QuoteInput) : null;
  const quote = useQuery({
    queryKey: [...queryKeys.schema('catalog'), 'quote_stay', settledKey],
    queryFn: () => quoteStay(input as QuoteInput),
    enabled: Boolean(input) && !overridden,
    placeholderData: keepPreviousData,
  });

  let body: React.ReactNode;
  if (overridden) {
    body = <Typography.Paragraph style={{ margin: 0 }}>{t('quote.manualKept')}</Typography.Paragraph>;
  } else if ('reason' in wanted) {
    body = <Typography.Paragraph style={{ margin: 0 }}>{t(wanted.reason)}</Typography.Paragraph>;
  } else if (quote.error) {
    body = <Alert type="error" showIcon title={errorMessage(quote.error, t('quote.couldNotWorkOut'))} />;
  } else if (!quote.data) {
    body = <Typography.Paragraph style={{ margin: 0 }}>{t('quote.working')}</Typography.Paragraph>;
  } else if (!quote.data.ok) {
    // Each rate that stops the stay, highest priority first, in the page's language.
    body = <Alert type="error" showIcon title={answerReason(quote.data) ?? t('quote.cannotBook')} />;
  } else {
    const data = quote.data;
    const currency = data.currency ?? 'USD';
    body = (
      <table className="stw-quote" aria-label={t('quote.breakdown')} aria-busy={quote.isFetching || key !== settledKey}>
        <thead>
          <tr>
            <th scope="col">{t('quote.night')}</th>
            <th scope="col">{t('quote.rate')}</th>
            <th scope="col">{t('quote.price')}</th>
            <th scope="col">{t('quote.extraGuests')}</th>
            <th scope="col">{t('quote.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {(data.nights ?? []).map((night) => (
            <tr key={night.date}>
              <th scope="row">{weekday(night.date)}</th>
              <td>{night.rate_name}</td>
              <td>{formatMoney(night.price, currency)}</td>
              <td>{night.extras > 0 ? formatMoney(night.extras, currency) : '—'}</td>
              <td>{formatMoney(night.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>{t('quote.subtotal', { count: data.night_count ?? 0 })}</th>
            <td>{formatMoney(data.subtotal, currency)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>{t('quote.fees')}</th>
            <td>{formatMoney(data.fees, currency)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>{t('quote.tax', { percent: Number(data.tax_percent ?? 0) })}</th>
            <td>{formatMoney(data.tax, currency)}</td>
          </tr>
          <tr className="stw-quote__total">
            <th scope="row" colSpan={4}>{t('quote.total')}</th>
            <td data-testid="quote-total">{formatMoney(data.total, currency)}</td>
          </tr>
        </tfoot>
      </table>
    );
  }
  return (
    <section className="stw-quote-panel" aria-labelledby="stw-quote-title">
      <h3 id="stw-quote-title" className="stw-quote-panel__title">
        {t('quote.title')}{' '}
        {overridden ? <Tag className="stw-quote-panel__manual">{t('quote.manual')}</Tag> : <span className="stw-quote-panel__hint">{t('quote.fromRates')}</span>}
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
