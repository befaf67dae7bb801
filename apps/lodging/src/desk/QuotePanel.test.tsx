import { afterAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLocale } from '@steward/libs/i18n';
import { renderWithStack } from '@steward/libs/testing';
import { QuotePanel } from './QuotePanel';

// What catalog.quote_stay answers when two rates stop a one-night stay: the English reason, each reason
// named (highest priority first) and all of them as one refusal (app.refusal_list).
const weekend = { id: 'rate.minStay', message: 'Minimum stay is 2 nights for Weekend getaway', values: { nights: 2, rate: 'Weekend getaway' } };
const members = { id: 'rate.minAdvance', message: 'Members must be booked at least 400 days ahead', values: { rate: 'Members', days: 400 } };
const english = `${weekend.message}; ${members.message}`;
const refused = { ok: false, reason: english, refusal: { id: 'reasons.more', message: english, values: { reason: weekend, more: members } }, reasons: [weekend, members], night_count: 1 };

const values = { accommodation_id: '0b7c6a52-6a43-4c4e-9d55-2f1b1a7e0c11', check_in: '2027-01-09T16:00', check_out: '2027-01-10T11:00', adults: '2' };

function renderPanel() {
  return renderWithStack(<QuotePanel values={values} />, {
    respond: (request) => (request.url.pathname.endsWith('/rpc/quote_stay') ? { body: refused } : { status: 404, body: { message: 'unexpected' } }),
  });
}

// The page's language is one state for every file this worker runs: it is left as found.
afterAll(async () => {
  await setLocale('en');
});

describe('the booking form’s quote, refused by the rates', () => {
  it('names each rate and what stopped it, in English as the database wrote it', async () => {
    await setLocale('en');
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(english);
  });

  it('in Spanish: each reason in Spanish, in the same order', async () => {
    await setLocale('es');
    renderPanel();
    // The refusals' catalogue may still be on its way (it follows the first view): the panel draws again when it is in.
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('La estancia mínima es de 2 noches para Weekend getaway; Members debe reservarse con al menos 400 días de antelación'),
    );
  });
});
