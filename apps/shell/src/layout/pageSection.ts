import type { ShellMessageId } from '../i18n';
import { sectionOfPath } from './routeWords';

const PUBLIC_SECTIONS: Record<string, ShellMessageId> = { '/': 'landing.welcome', '/index': 'landing.welcome' };

/** "/reservation-settings/new" → "Reservation Settings New": the path's words, capitalised. */
function sectionFromPath(pathname: string): string {
  const words = pathname
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.join(' ');
}

/** The section of '{brand} - {Section}' for a path, in the page's language: the route table's, else derived from the path. */
export function pageSectionFor(pathname: string, t: (id: ShellMessageId) => string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = PUBLIC_SECTIONS[normalised.toLowerCase()];
  if (known) return t(known);
  return sectionOfPath(t, normalised) ?? (sectionFromPath(normalised) || t('route./dashboard'));
}
