/**
 * Where a key moves focus in a menu of `labels` (the ARIA menu pattern): arrows step and wrap, Home and
 * End jump to the ends, and a letter moves to the next item starting with it. Null for any other key.
 */
export function nextMenuIndex(key: string, current: number, labels: readonly string[]): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default: {
      if (key.length !== 1 || !/\S/.test(key)) return null;
      const letter = key.toLocaleLowerCase();
      for (let step = 1; step <= count; step += 1) {
        const index = (current + step) % count;
        if (labels[index]?.toLocaleLowerCase().startsWith(letter)) return index;
      }
      return null;
    }
  }
}
