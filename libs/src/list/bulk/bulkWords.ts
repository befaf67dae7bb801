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
