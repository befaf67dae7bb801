import { afterAll, describe, expect, it } from 'vitest';
import { setLocale, formatMoney } from '@steward/libs/i18n';
import { calendarFeedUrl, paymentSchema, quoteInputFrom, stayDay } from './deskApi';
import { guestsLabel, statusLabel } from './deskDay';
import { t } from '../i18n';

describe('the booking form → quote input', () => {
  const unit = '6f5eeb62-96f4-a3a3-0e64-b6b5b94aa5cb';

  it('takes the UTC days of the form\'s check-in and check-out, and the guests', () => {
    expect(quoteInputFrom({ accommodation_id: unit, check_in: '2027-02-03T16:00Z', check_out: '2027-02-06T11:00Z', adults: '2', children: '1', pets: '' })).toEqual({
      input: { accommodationId: unit, checkIn: '2027-02-03', checkOut: '2027-02-06', adults: 2, children: 1, pets: 0 },
    });
  });

  it('says why no quote can be asked for yet', () => {
    // The reason is the id of its words (the panel shows them in the page's language).
    expect(quoteInputFrom({ accommodation_id: '', check_in: '2027-02-03T16:00Z', check_out: '2027-02-06T11:00Z' })).toEqual({ reason: 'quote.chooseFirst' });
    expect(quoteInputFrom({ accommodation_id: unit, check_in: '2027-02-03T16:00Z', check_out: '2027-02-03T20:00Z' })).toEqual({ reason: 'quote.checkOutAfter' });
    expect(quoteInputFrom({ accommodation_id: unit, check_in: '2027-02-03T16:00Z', check_out: '2027-02-05T11:00Z', adults: '-1' })).toEqual({ reason: 'quote.chooseFirst' });
    // What the panel says for them, in English.
    expect([t('quote.chooseFirst'), t('quote.checkOutAfter')]).toEqual(['Choose an accommodation, a check-in and a check-out.', 'Check-out must be at least one night after check-in.']);
  });

  it('reads a blank or unreadable datetime as no day', () => {
    expect(stayDay('')).toBeNull();
    expect(stayDay('not a date')).toBeNull();
  });
});

// The page's language is one state for every file this worker runs: it is left as found.
afterAll(async () => {
  await setLocale('en');
});

describe('the desk\'s words and figures', () => {
  it('checks a payment before it is sent', () => {
    expect(paymentSchema.safeParse({ kind: 'deposit', amount: '100', method: ' Card ' })).toEqual({ success: true, data: { kind: 'deposit', amount: 100, method: 'Card' } });
    expect(paymentSchema.safeParse({ kind: 'deposit', amount: '0' }).success).toBe(false);
    expect(paymentSchema.safeParse({ kind: 'gift', amount: '5' }).success).toBe(false);
  });

  it('writes money, guests and a feed address', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(guestsLabel(2, 1)).toBe('2 adults, 1 child');
    expect(guestsLabel(1, 0, 2)).toBe('1 adult, 2 pets');
    expect(statusLabel('Checked in')).toBe('Checked in');
    expect(calendarFeedUrl('http://127.0.0.1:54321/', 'a.b+c', 'ff')).toBe('http://127.0.0.1:54321/rest/v1/rpc/accommodation_calendar?token=ff&apikey=a.b%2Bc');
  });
});

describe('the desk in Spanish', () => {
  it('writes money, guests and statuses as a Spanish reader reads them', async () => {
    await setLocale('es');
    expect(formatMoney(1234.5, 'EUR')).toBe('1234,50\u00a0€');
    expect(guestsLabel(2, 1)).toBe('2 adultos, 1 niño');
    expect(guestsLabel(1, 0, 2)).toBe('1 adulto, 2 mascotas');
    expect(statusLabel('Checked in')).toBe('Registrada');
    expect(statusLabel('Tentative')).toBe('Provisional');
  });
});
