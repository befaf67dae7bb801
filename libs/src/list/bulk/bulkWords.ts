import { later } from '@steward/libs/messages';

const { t } = later;

/** "1 contact", "3 contacts". */
export function countOf(count: number, noun: { one: string; many: string }): string {
  return t('bulk.countOf', { count, n: String(count), one: noun.one, many: noun.many });
}

/** The message naming how many shared default rows a bulk change left alone; null when none. */
export function skippedNote(skipped: number): string | null {
  if (skipped <= 0) return null;
  return t('bulk.skipped', { count: skipped, n: String(skipped) });
}

/** "Delete 3 contacts for good: Ann, Bo and Cy?" — naming what goes (the first five, then how many more). */
export function deleteConfirmation(names: readonly string[], noun: { one: string; many: string }): string {
  const shown = names.slice(0, 5);
  const more = names.length - shown.length;
  const list = more > 0 ? t('bulk.andMore', { names: shown.join(', '), more }) : shown.length > 1 ? t('bulk.andLast', { names: shown.slice(0, -1).join(', '), last: shown.at(-1) }) : (shown[0] ?? '');
  return t('bulk.deleteQuestion', { things: countOf(names.length, noun), list });
}

/**
 * Under a Personal level, how much of the selection a change reaches: null when every selected row is
 * the person's own, else "3 of the 5 selected contacts are yours; only those change."
 */
export function personalNote(own: number, selected: number, noun: { one: string; many: string }): string | null {
  if (own >= selected) return null;
  if (own === 0) return t('bulk.noneYours', { selected, n: String(selected), one: noun.one, many: noun.many });
  return t('bulk.someYours', { own, ownN: String(own), selectedN: String(selected), noun: selected === 1 ? noun.one : noun.many });
}

/** Under a Personal level, every row matching the filter: the database changes only the person's own. */
export function allMatchingPersonalNote(count: number, noun: { one: string; many: string }): string {
  return t('bulk.allMatchingPersonal', { things: countOf(count, noun) });
}

/** What the Archived view's notice adds after "Archived {rows}", by what the role may do there. */
export function archivedHint({ canArchive, canDelete }: { canArchive: boolean; canDelete: boolean }): string {
  if (canArchive && canDelete) return t('bulk.archivedHintBoth');
  if (canArchive) return t('bulk.archivedHintRestore');
  if (canDelete) return t('bulk.archivedHintDelete');
  return '.';
}
