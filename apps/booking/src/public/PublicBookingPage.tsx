import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useParams } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { BookingFrame } from './BookingFrame';
import { PAYMENT_TEXT, dayLabel, firstProblem, guestSchema, money, requestBooking, searchSchema, searchStays, type GuestInput, type Offer, type SearchInput, type StayView } from './bookingApi';
import { PayDeposit } from './PayDeposit';
import { StaySummary } from './StaySummary';
import { useBookingPage } from './usePublicBooking';

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
      setProblem(answer.reason ?? null);
    },
    onError: (error) => setProblem(errorMessage(error, 'Something went wrong. Try again in a moment.')),
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
      <BookingFrame info={undefined} title="Book your stay">
        <p role="status">Loading…</p>
      </BookingFrame>
    );
  }
  if (page.isError || !info?.ok) {
    return (
      <BookingFrame info={undefined} title="Book your stay">
        <p role="alert" className="booking-alert">{page.isError ? errorMessage(page.error, 'This booking page could not load. Try again in a moment.') : info?.ok === false ? info.reason : 'Online booking is not available here.'}</p>
      </BookingFrame>
    );
  }

  if (booked) {
    return (
      <BookingFrame info={info} title="Book your stay">
        <section className="booking-done" role="status" aria-label="Your booking">
          <h2 style={{ marginTop: 0 }}>{booked.status === 'Confirmed' ? 'Your stay is booked' : 'Booking request received'}</h2>
          <p>
            {booked.status === 'Confirmed'
              ? 'Your booking is confirmed.'
              : `${info.display_name} will confirm your request within ${info.hold_hours} hours.`}{' '}
            We sent the details and a link to see or cancel your booking to {booked.email}.
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
    <BookingFrame info={info} title="Book your stay">
      <form aria-label="Search stays" onSubmit={onSearch} noValidate>
        <div className="booking-fields">
          <label className="booking-field">
            Check-in
            <input type="date" min={today} required {...field('checkIn')} />
          </label>
          <label className="booking-field">
            Check-out
            <input type="date" min={form.checkIn || today} required {...field('checkOut')} />
          </label>
          <label className="booking-field">
            Adults
            <input type="number" min={1} max={99} inputMode="numeric" required {...field('adults')} />
          </label>
          <label className="booking-field">
            Children
            <input type="number" min={0} max={99} inputMode="numeric" {...field('children')} />
          </label>
          {info.pets ? (
            <label className="booking-field">
              Pets
              <input type="number" min={0} max={20} inputMode="numeric" {...field('pets')} />
            </label>
          ) : null}
          <button type="submit" className="booking-button" disabled={search.isPending}>
            {search.isPending ? 'Searching…' : 'Search'}
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
        <section aria-label="Available stays">
          <h2>
            {offers.length === 0 ? 'Nothing free' : `${offers.length} free for ${dayLabel(searched.checkIn)} – ${dayLabel(searched.checkOut)}`}
          </h2>
          <ul className="booking-offers">
            {offers.map((offer) => (
              <li key={offer.accommodation_id} className="booking-offer">
                <article aria-label={offer.name}>
                  <h3>{offer.name}</h3>
                  <p className="booking-muted">
                    {[offer.class_name, offer.beds, offer.capacity ? `sleeps ${offer.capacity}` : null].filter(Boolean).join(' · ')}
                  </p>
                  {offer.description ? <p>{offer.description}</p> : null}
                  <PriceTable offer={offer} />
                  <p>
                    {offer.deposit_due > 0 ? `Deposit due: ${money(offer.deposit_due, offer.quote.currency)}, ${PAYMENT_TEXT[info.deposit_method]}. ` : 'No deposit. '}
                    {offer.instant ? 'Confirmed at once.' : `Confirmed by ${info.display_name} within ${info.hold_hours} hours.`}
                  </p>
                  <button type="button" className="booking-button" onClick={() => { setProblem(null); setChosen(offer); }}>
                    Book {offer.name}
                  </button>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="booking-muted" style={{ marginTop: 24 }}>
        Free cancellation from the link in your e-mail until {info.cancel_days} {info.cancel_days === 1 ? 'day' : 'days'} before check-in.
      </p>
    </BookingFrame>
  );
}

export function PriceTable({ offer }: { offer: Offer }) {
  const { quote } = offer;
  return (
    <table className="booking-prices">
      <caption>Price for {offer.name}</caption>
      <thead>
        <tr>
          <th scope="col">Night</th>
          <th scope="col">Rate</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {quote.nights.map((night) => (
          <tr key={night.date}>
            <td>{dayLabel(night.date)}</td>
            <td>{night.rate_name}</td>
            <td>{money(night.amount, quote.currency)}</td>
          </tr>
        ))}
        {quote.fees > 0 ? (
          <tr>
            <td colSpan={2}>Fees</td>
            <td>{money(quote.fees, quote.currency)}</td>
          </tr>
        ) : null}
        {quote.tax > 0 ? (
          <tr>
            <td colSpan={2}>Tax ({quote.tax_percent} %)</td>
            <td>{money(quote.tax, quote.currency)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total ({quote.night_count} {quote.night_count === 1 ? 'night' : 'nights'})
          </th>
          <td data-testid="offer-total">{money(quote.total, quote.currency)}</td>
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
  const [guest, setGuest] = useState<GuestInput>({ name: '', email: '', phone: '', note: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: (input: GuestInput) => requestBooking(org, search, offer, input),
    onSuccess: (answer, input) => {
      if (answer.ok) onBooked(answer, input.email.trim());
      else if (answer.gone) onGone(answer.reason ?? 'This stay has just been booked.', answer.offers ?? []);
      else {
        if (answer.price_changed && answer.offers === undefined) {
          const quote = (answer as unknown as { quote?: Offer['quote'] }).quote;
          if (quote) onNewPrice({ ...offer, quote });
        }
        setProblem(answer.reason ?? 'The booking could not be made.');
      }
    },
    onError: (error) => setProblem(errorMessage(error, 'Something went wrong. Try again in a moment.')),
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
    <section aria-label="Your details">
      <h2>
        {offer.name}, {dayLabel(search.checkIn)} – {dayLabel(search.checkOut)}
      </h2>
      <PriceTable offer={offer} />
      <form aria-label="Your details" onSubmit={onSubmit} noValidate>
        <div className="booking-fields">
          <label className="booking-field">
            Name
            <input autoComplete="name" required {...field('name')} />
          </label>
          <label className="booking-field">
            E-mail
            <input type="email" autoComplete="email" required {...field('email')} />
          </label>
          <label className="booking-field">
            Phone
            <input type="tel" autoComplete="tel" {...field('phone')} />
          </label>
        </div>
        <label className="booking-field" style={{ marginTop: 12 }}>
          Note for the desk
          <textarea rows={3} maxLength={2000} {...field('note')} />
        </label>
        {problem ? (
          <p role="alert" className="booking-alert">
            {problem}
          </p>
        ) : null}
        <div style={{ display: 'flex', gap: 12, marginTop: 16, flexWrap: 'wrap' }}>
          <button type="submit" className="booking-button" disabled={book.isPending}>
            {book.isPending ? 'Booking…' : `Confirm booking: ${money(offer.quote.total, offer.quote.currency)}`}
          </button>
          <button type="button" className="booking-button secondary" onClick={onBack}>
            Back to the list
          </button>
        </div>
      </form>
    </section>
  );
}
