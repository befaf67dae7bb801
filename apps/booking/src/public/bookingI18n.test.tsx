import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setLocale, formatMoney } from '@steward/libs/i18n';
import { dayLabel, firstProblem, guestSchema, searchSchema, stayDates, type Offer } from './bookingApi';
import { guestLocale } from './guestLanguage';
import { PriceTable } from './PublicBookingPage';

const offer: Offer = {
  accommodation_id: 'a', name: 'Lodge Room 102', description: null, class_name: null, beds: null, capacity: 2, image_url: null, instant: false, deposit_due: 0,
  quote: { nights: [{ date: '2026-12-04', rate_name: 'Nightly', price: 1139, extras: 0, amount: 1139 }], night_count: 1, subtotal: 1139, fees: 20, tax_percent: 7.5, tax: 85.43, total: 1244.43, currency: 'EUR' },
};

// The page's language is one state for every file this worker runs: it is left as found.
afterAll(async () => {
  await setLocale('en');
});

describe('the guest’s language', () => {
  it('is the one chosen on the page, else the organisation’s, else the browser’s, else English', () => {
    expect(guestLocale('en', 'es', ['es-ES'])).toBe('en');
    expect(guestLocale(null, 'es', ['en-US'])).toBe('es');
    expect(guestLocale(null, 'Spanish', ['es-MX'])).toBe('es');
    expect(guestLocale(null, null, ['fr-FR', 'es-AR'])).toBe('es');
    expect(guestLocale(null, 'fr', ['de-DE'])).toBe('en');
    // A guest's own booking: the language they booked in, unless they choose another on the page.
    expect(guestLocale(null, 'en', ['en-US'], 'es')).toBe('es');
    expect(guestLocale('en', 'es', ['es-ES'], 'es')).toBe('en');
    expect(guestLocale(null, 'es', ['en-US'], null)).toBe('es');
  });
});

describe('the public pages in English', () => {
  it('write amounts in the organisation’s currency and days as before', async () => {
    await setLocale('en');
    expect(formatMoney(1244.43, 'USD')).toBe('$1,244.43');
    expect(formatMoney(139, 'EUR')).toBe('€139.00');
    expect(dayLabel('2026-12-04')).toBe('Fri, Dec 4, 2026');
    expect(stayDates('2026-12-04', '2026-12-06')).toBe('Fri, Dec 4\u2009–\u2009Sun, Dec 6, 2026');
    expect(firstProblem(searchSchema, { checkIn: '2026-12-06', checkOut: '2026-12-04', adults: 2, children: 0, pets: 0 })).toBe('Check-out must be after check-in.');
    expect(firstProblem(guestSchema, { name: 'Ana', email: 'nope', phone: '', note: '' })).toBe('Enter a valid e-mail address.');
  });
});

describe('the public pages in Spanish', () => {
  it('write amounts, days, plurals and the form’s problems as a Spanish reader reads them', async () => {
    await setLocale('es');
    expect(formatMoney(1244.43, 'EUR')).toBe('1244,43\u00a0€');
    expect(dayLabel('2026-12-04')).toBe('vie, 4 dic 2026');
    expect(firstProblem(searchSchema, { checkIn: '2026-12-04', checkOut: '2026-12-06', adults: 0, children: 0, pets: 0 })).toBe('Debe alojarse al menos un adulto.');
    render(<PriceTable offer={offer} />);
    expect(screen.getByRole('table', { name: 'Precio de Lodge Room 102' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Importe' })).toBeInTheDocument();
    expect(screen.getByText('Impuestos (7,5 %)')).toBeInTheDocument();
    expect(screen.getByText('Total (1 noche)')).toBeInTheDocument();
    expect(screen.getByTestId('offer-total').textContent).toBe('1244,43\u00a0€');
  });
});
