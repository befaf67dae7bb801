import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@steward/libs/data';
import { Link } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { todayLocal } from '@steward/libs/ui/core';
import { useT } from '../i18n';
import { fetchDeskDay } from './deskDay';
import './deskCard.css';
import { formatMoney } from '@steward/libs/i18n';

/**
 * The dashboard's "Today at the desk" card (Lodging's './widgets'): how many arrive, leave and stay
 * through today, who is still to arrive and the balance due from today's guests, with a link to the
 * desk. Drawn without antd, like the dashboard.
 */
export function DeskCard() {
  const t = useT();
  const { orgName } = useSession();
  const day = todayLocal();
  const desk = useQuery({
    queryKey: [...queryKeys.schema('catalog'), 'desk_day', orgName, day],
    queryFn: () => fetchDeskDay(orgName ?? '', day),
    enabled: Boolean(orgName),
  });
  const stays = desk.data ?? [];
  const arrivals = stays.filter((stay) => stay.kind === 'arrival');
  const departures = stays.filter((stay) => stay.kind === 'departure');
  const inHouse = stays.filter((stay) => stay.kind === 'in_house');
  const waiting = arrivals.filter((stay) => stay.status === 'Confirmed' || stay.status === 'Tentative');
  const due = stays.reduce((sum, stay) => sum + Math.max(0, Number(stay.balance_due)), 0);
  return (
    <section className="stw-desk-card" aria-labelledby="stw-desk-card-title">
      <div className="stw-desk-card__head">
        <h2 id="stw-desk-card-title">{t('card.title')}</h2>
        <Link to="/frontdesk">{t('card.open')}</Link>
      </div>
      {desk.error ? (
        <p>{t('card.couldNotLoad')}</p>
      ) : (
        <>
          <ul className="stw-desk-card__figures" aria-busy={desk.isLoading}>
            <li>
              <strong data-testid="desk-arrivals">{desk.data ? arrivals.length : '…'}</strong> {t('card.arrivals', { count: arrivals.length })}
            </li>
            <li>
              <strong data-testid="desk-departures">{desk.data ? departures.length : '…'}</strong> {t('card.departures', { count: departures.length })}
            </li>
            <li>
              <strong data-testid="desk-in-house">{desk.data ? inHouse.length : '…'}</strong> {t('card.inHouse')}
            </li>
            <li>
              <strong>{desk.data ? formatMoney(due) : '…'}</strong> {t('card.balanceDue')}
            </li>
          </ul>
          {waiting.length > 0 ? (
            <p className="stw-desk-card__waiting">
              {t('card.stillToArrive', { names: waiting.slice(0, 5).map((stay) => `${stay.name} (${stay.accommodation_name ?? '—'})`).join(', ') })}
              {waiting.length > 5 ? <>{' '}{t('card.andMore', { count: waiting.length - 5 })}</> : null}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
