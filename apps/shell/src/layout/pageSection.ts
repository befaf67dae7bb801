import { findRoute } from '@steward/libs/shell';

const PUBLIC_SECTIONS: Record<string, string> = { '/': 'Welcome', '/index': 'Welcome' };

/** "/reservation-settings/new" → "Reservation Settings New": the path's words, capitalised. */
function sectionFromPath(pathname: string): string {
  const words = pathname
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.join(' ') || 'Dashboard';
}

/** The section of '{brand} - {Section}' for a path: the route table's, else derived from the path. */
export function pageSectionFor(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_SECTIONS[normalised.toLowerCase()] ?? findRoute(normalised)?.section ?? sectionFromPath(normalised);
}
