import type { RemoteWidgets } from '@steward/libs/shell';
import { DeskCard } from './desk/DeskCard';

/**
 * Lodging's './widgets': the dashboard's "Today at the desk" card. Apart from the area so the
 * dashboard loads the card and not the timeline, editors and settings.
 */
const widgets: RemoteWidgets = { deskCard: DeskCard };

export default widgets;
