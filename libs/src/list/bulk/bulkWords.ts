/** "1 contact", "3 contacts". */
export function countOf(count: number, noun: { one: string; many: string }): string {
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}

/** The message naming how many shared default rows a bulk change left alone; null when none. */
export function skippedNote(skipped: number): string | null {
  if (skipped <= 0) return null;
  return skipped === 1 ? '1 shared default record was skipped: shared defaults cannot be changed.' : `${skipped} shared default records were skipped: shared defaults cannot be changed.`;
}

/** "Delete 3 contacts for good: Ann, Bo and Cy?" — naming what goes (the first five, then how many more). */
export function deleteConfirmation(names: readonly string[], noun: { one: string; many: string }): string {
  const shown = names.slice(0, 5);
  const more = names.length - shown.length;
  const list = more > 0 ? `${shown.join(', ')} and ${more} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
  return `Delete ${countOf(names.length, noun)} for good: ${list}?`;
}

/**
 * Under a Personal level, how much of the selection a change reaches: null when every selected row is
 * the person's own, else "3 of the 5 selected contacts are yours; only those change."
 */
export function personalNote(own: number, selected: number, noun: { one: string; many: string }): string | null {
  if (own >= selected) return null;
  if (own === 0) return selected === 1 ? `The selected ${noun.one} is not yours; your role changes only your own records.` : `None of the ${selected} selected ${noun.many} are yours; your role changes only your own records.`;
  return `${own} of the ${selected} selected ${selected === 1 ? noun.one : noun.many} ${own === 1 ? 'is' : 'are'} yours; only ${own === 1 ? 'that one changes' : 'those change'}.`;
}

/** Under a Personal level, every row matching the filter: the database changes only the person's own. */
export function allMatchingPersonalNote(count: number, noun: { one: string; many: string }): string {
  return `All ${countOf(count, noun)} matching this filter are selected; only your own records among them change.`;
}

/** What the Archived view's notice adds after "Archived {rows}", by what the role may do there. */
export function archivedHint({ canArchive, canDelete }: { canArchive: boolean; canDelete: boolean }): string {
  if (canArchive && canDelete) return ': select rows to restore them or delete them for good.';
  if (canArchive) return ': select rows to restore them.';
  if (canDelete) return ': select rows to delete them for good.';
  return '.';
}
