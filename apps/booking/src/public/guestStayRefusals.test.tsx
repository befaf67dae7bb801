import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLocale } from '@steward/libs/i18n';
import { MemoryRouter, Route, Routes } from '@steward/libs/router';
import { setRuntimeConfig, type RuntimeConfig } from '@steward/libs/runtime-config';
import { GuestStayPage } from './GuestStayPage';

// The guest's own booking page, its database answers as the public functions give them (the payments
// function passes booking_payment_start's refusal on as it is): each refusal in the guest's language,
// the day and the organisation filled in, the day written the way the language writes it.
const TOKEN = 'a'.repeat(48);
const page = {
  ok: true, org_name: 'Lodge', display_name: 'Lodge', language: null, logo_url: null, branding: {}, currency: 'USD',
  deposit_percent: 25, deposit_method: 'card_link', cancel_days: 3, hold_hours: 12, pets: false,
};
const stay = (language: string) => ({
  ok: true, org_name: 'Lodge', confirmation: 'A1B2C3D4', status: 'Confirmed', accommodation: 'Pine Cabin', check_in: '2026-12-07', check_out: '2026-12-09',
  adults: 2, children: 0, pets: 0, total: 200, currency: 'USD', deposit_due: 50, payment_method: 'card_link', payment_reference: null, bank_details: null,
  hold_until: null, deposit_paid_at: null, language, can_pay: true, cancel_until: '2026-12-04', can_cancel: true,
});
const tooLate = 'This booking can be cancelled online only until December 4, 2026. Please contact Lodge.';
const cancelRefused = (language: string) => ({
  ...stay(language), ok: false, reason: tooLate,
  refusal: { id: 'booking.cancelTooLate', message: tooLate, values: { until: { date: '2026-12-04' }, org: 'Lodge' } },
});
const closed = {
  ok: false, reason: 'This booking is no-show.',
  refusal: { id: 'booking.closed', message: 'This booking is no-show.', values: { status: { id: 'booking.status.noShow', message: 'no-show', values: {} } } },
};

function answering(language: string, providerDown = false) {
  return vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (providerDown && url.endsWith('/payments/checkout')) {
      return Promise.resolve(new Response(JSON.stringify({ ok: false, reason: 'The card payment could not start. Try again in a moment.' }), { status: 502 }));
    }
    const body = url.endsWith('/rpc/booking_page') ? page
      : url.endsWith('/rpc/booking_stay') ? stay(language)
      : url.endsWith('/rpc/booking_cancel') ? cancelRefused(language)
      : url.endsWith('/payments/checkout') ? closed
      : { message: 'unexpected' };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
}

function renderStay() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/book/Lodge/stay/${TOKEN}`]}>
        <Routes>
          <Route path="/book/:org/stay/:token" element={<GuestStayPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  setRuntimeConfig({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon' } as RuntimeConfig);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The page's language is one state for every file this worker runs: it is left as found.
afterAll(async () => {
  await setLocale('en');
});

describe('a guest’s booking page says why the database refused', () => {
  it('in English, word for word as the database wrote it', async () => {
    await setLocale('en');
    vi.stubGlobal('fetch', answering('en'));
    renderStay();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this booking' }));
    expect(await screen.findByText(tooLate)).toHaveAttribute('role', 'alert');
    fireEvent.click(screen.getByRole('button', { name: /Pay the deposit by card/ }));
    expect(await screen.findByText('This booking is no-show.')).toHaveAttribute('role', 'alert');
  });

  it('in Spanish for a guest who booked in Spanish: the last day to cancel as Spanish writes it, the status in Spanish', async () => {
    vi.stubGlobal('fetch', answering('es'));
    renderStay();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar esta reserva' }));
    expect(await screen.findByText('Esta reserva solo se puede cancelar en línea hasta el 4 de diciembre de 2026. Ponte en contacto con Lodge.')).toHaveAttribute('role', 'alert');
    fireEvent.click(screen.getByRole('button', { name: /Pagar el depósito con tarjeta/ }));
    expect(await screen.findByText('Esta reserva está marcada como no presentada.')).toHaveAttribute('role', 'alert');
  });

  it('in Spanish when the payment provider fails: the page’s own words', async () => {
    await setLocale('es');
    vi.stubGlobal('fetch', answering('es', true));
    renderStay();
    fireEvent.click(await screen.findByRole('button', { name: /Pagar el depósito con tarjeta/ }));
    expect(await screen.findByText('No se pudo iniciar el pago con tarjeta. Inténtalo de nuevo en un momento.')).toHaveAttribute('role', 'alert');
  });
});
