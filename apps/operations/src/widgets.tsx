import type { RemoteWidgets } from '@steward/libs/shell';
import { RevenueChart } from './revenue/RevenueChart';

/**
 * Operations' './widgets': the revenue chart the dashboard shows under its stat cards. Apart from the
 * area so the dashboard loads the chart (uPlot still lazily, once it is on screen) and not the area's
 * lists and editors.
 */
const widgets: RemoteWidgets = { revenueChart: RevenueChart };

export default widgets;
