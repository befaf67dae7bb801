import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { money, quoteInputFrom, quoteStay, type QuoteInput } from './deskApi';
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

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The booking form's price: the quote of the stay the form describes, asked again (debounced) as its
 * unit, dates or guests change — each night's rate and amount, then subtotal, fees, tax and total — or
 * the reason the rates refuse it. With a manual price, the amounts typed in the form are kept instead.
 */
export function QuotePanel({ values }: { values: Record<string, string | string[] | undefined> }) {
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
    body = <Typography.Paragraph style={{ margin: 0 }}>The amounts typed below are kept: this stay is not priced from the rates.</Typography.Paragraph>;
  } else if ('reason' in wanted) {
    body = <Typography.Paragraph style={{ margin: 0 }}>{wanted.reason}</Typography.Paragraph>;
  } else if (quote.error) {
    body = <Alert type="error" showIcon title={errorMessage(quote.error, 'The price could not be worked out.')} />;
  } else if (!quote.data) {
    body = <Typography.Paragraph style={{ margin: 0 }}>Working out the price…</Typography.Paragraph>;
  } else if (!quote.data.ok) {
    body = <Alert type="error" showIcon title={quote.data.reason ?? 'These dates cannot be booked.'} />;
  } else {
    const data = quote.data;
    const currency = data.currency ?? 'USD';
    body = (
      <table className="stw-quote" aria-label="Price breakdown" aria-busy={quote.isFetching || key !== settledKey}>
        <thead>
          <tr>
            <th scope="col">Night</th>
            <th scope="col">Rate</th>
            <th scope="col">Price</th>
            <th scope="col">Extra guests</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {(data.nights ?? []).map((night) => (
            <tr key={night.date}>
              <th scope="row">{weekday(night.date)}</th>
              <td>{night.rate_name}</td>
              <td>{money(night.price, currency)}</td>
              <td>{night.extras > 0 ? money(night.extras, currency) : '—'}</td>
              <td>{money(night.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>Subtotal ({data.night_count} {data.night_count === 1 ? 'night' : 'nights'})</th>
            <td>{money(data.subtotal, currency)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>Fees</th>
            <td>{money(data.fees, currency)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>Tax ({Number(data.tax_percent ?? 0)} %)</th>
            <td>{money(data.tax, currency)}</td>
          </tr>
          <tr className="stw-quote__total">
            <th scope="row" colSpan={4}>Total</th>
            <td data-testid="quote-total">{money(data.total, currency)}</td>
          </tr>
        </tfoot>
      </table>
    );
  }
  return (
    <section className="stw-quote-panel" aria-labelledby="stw-quote-title">
      <h3 id="stw-quote-title" className="stw-quote-panel__title">
        Price {overridden ? <Tag className="stw-quote-panel__manual">Manual price</Tag> : <span className="stw-quote-panel__hint">from the rates</span>}
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
