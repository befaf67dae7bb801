import type { RemoteWidgets } from '@steward/libs/federation';
import { RevenueChart } from './revenue/RevenueChart';

/**
 * What Operations offers other screens, exposed apart from its area: the dashboard's revenue chart
 * loads this, not the projects, tasks and transactions screens (and the tables and editors they need).
 */
const widgets: RemoteWidgets = { revenueChart: RevenueChart };

export default widgets;
