import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { useFirstViewShown } from '@steward/libs/boot';
import { formatDollars } from '@steward/libs/ui/core';
import { DashboardDeskCard, DashboardRevenueChart } from './DashboardRevenueChart';
import { dashboardStatsKey, fetchDashboardStats, type DashboardStats } from './fetchDashboardStats';
import './dashboard.css';

type StatCard = { label: string; to: string; value: (stats: DashboardStats) => string };

const STAT_CARDS: readonly StatCard[] = [
  { label: 'Total Contacts', to: '/contacts', value: (stats) => String(stats.contacts) },
  { label: 'Businesses', to: '/businesses', value: (stats) => String(stats.businesses) },
  { label: 'Orders', to: '/orders', value: (stats) => String(stats.orders) },
  { label: 'Revenue', to: '/transactions', value: (stats) => formatDollars(stats.revenue) },
];

const NO_STATS: DashboardStats = { contacts: 0, businesses: 0, orders: 0, revenue: 0 };

/** The dashboard: four stat cards of the active organisation, or "No data yet" with two ways to start. */
export function DashboardPage() {
  const { user, orgName, loading } = useSession();
  const navigate = useNavigate();
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
        Loading dashboard…
      </p>
    );
  }
  if (!ready) {
    return (
      <div role="alert" className="stw-dashboard__cannot-load">
        <h2>Dashboard cannot load</h2>
        <p>Check that you are signed in and that your account is assigned to an organization, then reload the page.</p>
      </div>
    );
  }

  if (stats.error) console.error('Dashboard: statistics could not be loaded:', stats.error);
  const data = stats.data ?? NO_STATS;
  const empty = data.contacts === 0 && data.businesses === 0 && data.orders === 0 && data.revenue === 0;

  return (
    // data-org names the organisation these figures belong to (the query is keyed by it).
    <div className="stw-dashboard" data-org={orgName}>
      <ul className="stw-dashboard__cards" aria-label="Statistics">
        {STAT_CARDS.map((card) => (
          <li key={card.label}>
            <Link to={card.to} className="stw-stat-card">
              <span className="stw-stat-card__label">{card.label}</span>
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
          <h2 id="dashboard-empty-title">No data yet</h2>
          <p>Start by adding the people and businesses you work with.</p>
          <div className="stw-dashboard__empty-actions">
            <button type="button" className="stw-button stw-button--primary" onClick={() => navigate('/contacts')}>
              Add a Contact
            </button>
            <button type="button" className="stw-button" onClick={() => navigate('/businesses')}>
              Add a Business
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
