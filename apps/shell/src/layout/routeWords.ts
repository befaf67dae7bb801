import { findRoute } from '@steward/libs/shell';
import { has, type ShellMessageId } from '../i18n';

/**
 * The route table's words in the page's language. The table (libs/src/shell/routes.mjs) holds the
 * English; the shell's catalogue has each route's section ("route.<path>"), each menu label that differs
 * from it ("menu.<path>") and each group ("group.<name>"): the check in npm test fails on one missing.
 */
type T = (id: ShellMessageId) => string;

const inCatalogue = (t: T, id: string, english: string) => (has(id) ? t(id) : english);

/** A route's section by its path pattern ('/contact/:short_id'). */
export const sectionLabel = (t: T, path: string, english: string) => inCatalogue(t, `route.${path}`, english);
/** A sidebar item's label. */
export const menuLabel = (t: T, path: string, english: string) => (has(`menu.${path}`) ? t(`menu.${path}` as ShellMessageId) : sectionLabel(t, path, english));
/** A sidebar group's name. */
export const groupLabel = (t: T, group: string) => inCatalogue(t, `group.${group}`, group);
/** The section of the route a page path opens, or null. */
export function sectionOfPath(t: T, pathname: string): string | null {
  const route = findRoute(pathname);
  return route ? sectionLabel(t, route.path, route.section) : null;
}
