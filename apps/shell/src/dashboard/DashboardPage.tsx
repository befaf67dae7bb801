import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { useFirstViewShown } from '@steward/libs/boot';
import { formatMoney, formatNumber } from '@steward/libs/i18n';
import { useT, type ShellMessageId } from '../i18n';
import { DashboardDeskCard, DashboardRevenueChart } from './DashboardRevenueChart';
import { dashboardStatsKey, fetchDashboardStats, type DashboardStats } from './fetchDashboardStats';
import './dashboard.css';

type StatCard = { label: ShellMessageId; to: string; value: (stats: DashboardStats) => string };

const STAT_CARDS: readonly StatCard[] = [
  { label: 'dashboard.totalContacts', to: '/contacts', value: (stats) => formatNumber(stats.contacts, { useGrouping: false }) },
  { label: 'dashboard.businesses', to: '/businesses', value: (stats) => formatNumber(stats.businesses, { useGrouping: false }) },
  { label: 'dashboard.orders', to: '/orders', value: (stats) => formatNumber(stats.orders, { useGrouping: false }) },
  { label: 'dashboard.revenue', to: '/transactions', value: (stats) => formatMoney(stats.revenue) },
];

const NO_STATS: DashboardStats = { contacts: 0, businesses: 0, orders: 0, revenue: 0 };

/** The dashboard: four stat cards of the active organisation, or "No data yet" with two ways to start. */
export function DashboardPage() {
  const { user, orgName, loading } = useSession();
  const navigate = useNavigate();
  const t = useT();
  const ready = user !== null && orgName !== null;
  const stats = useQuery({
    queryKey: dashboardStatsKey(orgName ?? ''),
    queryFn: () => fetchDashboardStats(orgName as string),
    enabled: ready,
  });
  // The figures are on screen: this browser's next visit starts their reads from index.html.
  useFirstViewShown(stats.isSuccess);

  if ((loading && !ready) || (ready && stats.isPending)) {
    return (
      <p role="status" className="stw-dashboard__status">
        {t('dashboard.loading')}
      </p>
    );
  }
  if (!ready) {
    return (
      <div role="alert" className="stw-dashboard__cannot-load">
        <h2>{t('dashboard.cannotLoad')}</h2>
        <p>{t('dashboard.cannotLoadHelp')}</p>
      </div>
    );
  }

  if (stats.error) console.error('Dashboard: statistics could not be loaded:', stats.error);
  const data = stats.data ?? NO_STATS;
  const empty = data.contacts === 0 && data.businesses === 0 && data.orders === 0 && data.revenue === 0;

  return (
    // data-org names the organisation these figures belong to (the query is keyed by it).
    <div className="stw-dashboard" data-org={orgName}>
      <ul className="stw-dashboard__cards" aria-label={t('dashboard.statistics')}>
        {STAT_CARDS.map((card) => (
          <li key={card.label}>
            <Link to={card.to} className="stw-stat-card">
              <span className="stw-stat-card__label">{t(card.label)}</span>
              <strong className="stw-stat-card__value" data-testid={`stat-${card.to.slice(1)}`}>
                {card.value(data)}
              </strong>
            </Link>
          </li>
        ))}
      </ul>
      <DashboardDeskCard />
      {!empty && <DashboardRevenueChart />}
      {empty && (
        <section className="stw-dashboard__empty" aria-labelledby="dashboard-empty-title">
          <h2 id="dashboard-empty-title">{t('dashboard.noData')}</h2>
          <p>{t('dashboard.startByAdding')}</p>
          <div className="stw-dashboard__empty-actions">
            <button type="button" className="stw-button stw-button--primary" onClick={() => navigate('/contacts')}>
              {t('dashboard.addContact')}
            </button>
            <button type="button" className="stw-button" onClick={() => navigate('/businesses')}>
              {t('dashboard.addBusiness')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
