import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useParams } from '@steward/libs/router';
import { answerReason, errorMessage } from '@steward/libs/data';
import { BookingFrame } from './BookingFrame';
import { useT } from '../i18n';
import { PAYMENT_TEXT, dayLabel, firstProblem, guestSchema, requestBooking, searchSchema, searchStays, stayDates, type GuestInput, type Offer, type SearchInput, type StayView } from './bookingApi';
import { PayDeposit } from './PayDeposit';
import { StaySummary } from './StaySummary';
import { useBookingPage } from './usePublicBooking';
import { formatMoney, useLanguage } from '@steward/libs/i18n';

type SearchForm = { checkIn: string; checkOut: string; adults: string; children: string; pets: string };

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function searchInputOf(form: SearchForm): SearchInput {
  return { checkIn: form.checkIn, checkOut: form.checkOut, adults: toNumber(form.adults), children: toNumber(form.children || '0'), pets: toNumber(form.pets || '0') };
}

/**
 * /book/<organisation>: a guest without an account picks dates and the party, sees what is free with
 * its price (the desk's quote: each night, fees, tax, the deposit), picks one, gives their details and
 * confirms. Every answer comes from the database's public booking functions.
 */
export function PublicBookingPage() {
  const t = useT();
  const org = useParams().org ?? '';
  const page = useBookingPage(org);
  const info = page.data;
  const [form, setForm] = useState<SearchForm>({ checkIn: '', checkOut: '', adults: '2', children: '0', pets: '0' });
  const [searched, setSearched] = useState<SearchInput | null>(null);
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Offer | null>(null);
  const [booked, setBooked] = useState<(StayView & { email: string }) | null>(null);

  const search = useMutation({
    mutationFn: (input: SearchInput) => searchStays(org, input),
    onSuccess: (answer, input) => {
      setSearched(input);
      setChosen(null);
      setOffers(answer.ok ? (answer.offers ?? []) : null);
      setProblem(answerReason(answer));
    },
    onError: (error) => setProblem(errorMessage(error, t('book.somethingWrong'))),
  });

  function onSearch(event: FormEvent) {
    event.preventDefault();
    const input = searchInputOf(form);
    const wrong = firstProblem(searchSchema, input);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    search.mutate(input);
  }

  if (page.isPending) {
    return (
      <BookingFrame info={undefined} title={t('book.title')}>
        <p role="status">{t('common.loading')}</p>
      </BookingFrame>
    );
  }
  if (page.isError || !info?.ok) {
    return (
      <BookingFrame info={undefined} title={t('book.title')}>
        <p role="alert" className="booking-alert">{page.isError ? errorMessage(page.error, t('book.pageCouldNotLoad')) : info?.ok === false ? answerReason(info) : t('book.notAvailable')}</p>
      </BookingFrame>
    );
  }

  if (booked) {
    return (
      <BookingFrame info={info} title={t('book.title')}>
        <section className="booking-done" role="status" aria-label={t('stay.title')}>
          <h2 style={{ marginTop: 0 }}>{booked.status === 'Confirmed' ? t('book.booked') : t('book.requestReceived')}</h2>
          <p>
            {booked.status === 'Confirmed' ? t('book.confirmed') : t('book.willConfirm', { org: info.display_name, hours: info.hold_hours })}{' '}
            {t('book.sentTo', { email: booked.email })}
          </p>
          <StaySummary stay={booked} />
          {booked.token ? <PayDeposit stay={booked} token={booked.token} /> : null}
        </section>
      </BookingFrame>
    );
  }

  const field = (name: keyof SearchForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const today = new Date().toISOString().slice(0, 10);

  return (
    <BookingFrame info={info} title={t('book.title')}>
      <form aria-label={t('search.label')} onSubmit={onSearch} noValidate>
        <div className="booking-fields">
          <label className="booking-field">
            {t('search.checkIn')}
            <input type="date" min={today} required {...field('checkIn')} />
          </label>
          <label className="booking-field">
            {t('search.checkOut')}
            <input type="date" min={form.checkIn || today} required {...field('checkOut')} />
          </label>
          <label className="booking-field">
            {t('search.adults')}
            <input type="number" min={1} max={99} inputMode="numeric" required {...field('adults')} />
          </label>
          <label className="booking-field">
            {t('search.children')}
            <input type="number" min={0} max={99} inputMode="numeric" {...field('children')} />
          </label>
          {info.pets ? (
            <label className="booking-field">
              {t('search.pets')}
              <input type="number" min={0} max={20} inputMode="numeric" {...field('pets')} />
            </label>
          ) : null}
          <button type="submit" className="booking-button" disabled={search.isPending}>
            {search.isPending ? t('search.searching') : t('search.search')}
          </button>
        </div>
      </form>
      {problem ? (
        <p role="alert" className="booking-alert">
          {problem}
        </p>
      ) : null}
      {chosen && searched ? (
        <GuestForm
          org={org}
          search={searched}
          offer={chosen}
          onBack={() => setChosen(null)}
          onBooked={(answer, email) => setBooked({ ...answer, email })}
          onGone={(reason, rest) => {
            setChosen(null);
            setOffers(rest);
            setProblem(reason);
          }}
          onNewPrice={(offer) => setChosen(offer)}
        />
      ) : offers && searched ? (
        <section aria-label={t('offers.label')}>
          <h2>{offers.length === 0 ? t('offers.none') : t('offers.count', { count: offers.length, dates: stayDates(searched.checkIn, searched.checkOut) })}</h2>
          <ul className="booking-offers">
            {offers.map((offer) => (
              <li key={offer.accommodation_id} className="booking-offer">
                <article aria-label={offer.name}>
                  <h3>{offer.name}</h3>
                  <p className="booking-muted">
                    {[offer.class_name, offer.beds, offer.capacity ? t('offers.sleeps', { count: offer.capacity }) : null].filter(Boolean).join(' · ')}
                  </p>
                  {offer.description ? <p>{offer.description}</p> : null}
                  <PriceTable offer={offer} />
                  <p>
                    {offer.deposit_due > 0 ? t('offers.deposit', { amount: formatMoney(offer.deposit_due, offer.quote.currency), method: t(PAYMENT_TEXT[info.deposit_method]) }) : t('offers.noDeposit')}{' '}
                    {offer.instant ? t('offers.instant') : t('offers.byOrg', { org: info.display_name, hours: info.hold_hours })}
                  </p>
                  <button type="button" className="booking-button" onClick={() => { setProblem(null); setChosen(offer); }}>
                    {t('offers.book', { name: offer.name })}
                  </button>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="booking-muted" style={{ marginTop: 24 }}>
        {t('book.freeCancellation', { days: info.cancel_days })}
      </p>
    </BookingFrame>
  );
}

export function PriceTable({ offer }: { offer: Offer }) {
  const t = useT();
  const { quote } = offer;
  return (
    <table className="booking-prices">
      <caption>{t('prices.caption', { name: offer.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('prices.night')}</th>
          <th scope="col">{t('prices.rate')}</th>
          <th scope="col">{t('prices.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {quote.nights.map((night) => (
          <tr key={night.date}>
            <td>{dayLabel(night.date)}</td>
            <td>{night.rate_name}</td>
            <td>{formatMoney(night.amount, quote.currency)}</td>
          </tr>
        ))}
        {quote.fees > 0 ? (
          <tr>
            <td colSpan={2}>{t('prices.fees')}</td>
            <td>{formatMoney(quote.fees, quote.currency)}</td>
          </tr>
        ) : null}
        {quote.tax > 0 ? (
          <tr>
            <td colSpan={2}>{t('prices.tax', { percent: quote.tax_percent })}</td>
            <td>{formatMoney(quote.tax, quote.currency)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {t('prices.total', { count: quote.night_count })}
          </th>
          <td data-testid="offer-total">{formatMoney(quote.total, quote.currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

type GuestFormProps = {
  org: string;
  search: SearchInput;
  offer: Offer;
  onBack: () => void;
  onBooked: (answer: StayView, email: string) => void;
  onGone: (reason: string, rest: Offer[]) => void;
  onNewPrice: (offer: Offer) => void;
};

function GuestForm({ org, search, offer, onBack, onBooked, onGone, onNewPrice }: GuestFormProps) {
  const t = useT();
  const { locale } = useLanguage();
  const [guest, setGuest] = useState<GuestInput>({ name: '', email: '', phone: '', note: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: (input: GuestInput) => requestBooking(org, search, offer, input, locale),
    onSuccess: (answer, input) => {
      if (answer.ok) onBooked(answer, input.email.trim());
      else if (answer.gone) onGone(answerReason(answer) ?? t('guest.justBooked'), answer.offers ?? []);
      else {
        if (answer.price_changed && answer.offers === undefined) {
          const quote = (answer as unknown as { quote?: Offer['quote'] }).quote;
          if (quote) onNewPrice({ ...offer, quote });
        }
        setProblem(answerReason(answer) ?? t('guest.couldNotBook'));
      }
    },
    onError: (error) => setProblem(errorMessage(error, t('book.somethingWrong'))),
  });
  const field = (name: keyof GuestInput) => ({
    value: guest[name],
    onChange: (event: { target: { value: string } }) => setGuest((current) => ({ ...current, [name]: event.target.value })),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const wrong = firstProblem(guestSchema, guest);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    book.mutate(guest);
  }
  return (
    <section aria-label={t('guest.label')}>
      <h2>{t('summary.stayValue', { accommodation: offer.name, dates: stayDates(search.checkIn, search.checkOut) })}</h2>
      <PriceTable offer={offer} />
      <form aria-label={t('guest.label')} onSubmit={onSubmit} noValidate>
        <div className="booking-fields">
          <label className="booking-field">
            {t('guest.name')}
            <input autoComplete="name" required {...field('name')} />
          </label>
          <label className="booking-field">
            {t('guest.email')}
            <input type="email" autoComplete="email" required {...field('email')} />
          </label>
          <label className="booking-field">
            {t('guest.phone')}
            <input type="tel" autoComplete="tel" {...field('phone')} />
          </label>
        </div>
        <label className="booking-field" style={{ marginTop: 12 }}>
          {t('guest.note')}
          <textarea rows={3} maxLength={2000} {...field('note')} />
        </label>
        {problem ? (
          <p role="alert" className="booking-alert">
            {problem}
          </p>
        ) : null}
        <div style={{ display: 'flex', gap: 12, marginTop: 16, flexWrap: 'wrap' }}>
          <button type="submit" className="booking-button" disabled={book.isPending}>
            {book.isPending ? t('guest.booking') : t('guest.confirm', { amount: formatMoney(offer.quote.total, offer.quote.currency) })}
          </button>
          <button type="button" className="booking-button secondary" onClick={onBack}>
            {t('guest.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
