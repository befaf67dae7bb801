import { useCallback, useInsertionEffect, useLayoutEffect, useMemo, useRef, useState, type Key } from 'react';
import { flushSync } from 'react-dom';

/** One item in view (or within the overscan): where it starts inside the scroll element and its size. */
export type VirtualItem = { readonly index: number; readonly key: Key; readonly start: number; readonly size: number };

export type VirtualItemsOptions = {
  /** How many items the list has. */
  readonly count: number;
  /**
   * The element that scrolls, once it is drawn (kept in state by the caller: `ref={setScroller}`), so
   * the view follows another element when the caller draws one (a list as cards below 768 px).
   */
  readonly scrollElement: HTMLElement | null;
  /** An item's size until it is measured; every item's where items are not measured. */
  readonly estimateSize: number;
  /** Items drawn beyond each edge of the view, so a scroll step lands on items already drawn. */
  readonly overscan: number;
  /** Columns side by side (scrollLeft, widths) instead of rows (scrollTop, heights). */
  readonly horizontal?: boolean;
  /** Space inside the scroll element before the first item (a fixed first column): item starts include it. */
  readonly scrollMargin?: number;
  /** An item's identity, so a measured size stays with its item when the list changes order. */
  readonly getKey?: (index: number) => Key;
  /**
   * How big a drawn item is: with it, each drawn item is measured (its element carries `data-index`
   * and `measureElement` as its ref) and measured again when it changes size.
   */
  readonly measure?: (element: Element) => number;
  /** The view's size before layout, and where nothing is laid out (a hidden panel, tests). */
  readonly initialSize: number;
  /** Draw the items a scroll brings into view within the scroll event, so a fast scroll shows no blank frame. */
  readonly sync?: boolean;
};

export type VirtualItems = {
  readonly items: readonly VirtualItem[];
  /** The scrolled length of every item together (the scroll margin not included). */
  readonly totalSize: number;
  /** The ref of each drawn item's element when items are measured (a stable function). */
  readonly measureElement: (element: Element | null) => (() => void) | undefined;
};

type View = { readonly offset: number; readonly size: number };

const indexKey = (index: number): Key => index;

/** Follows an element's scroll position and size into `setView` until the returned function is called. */
function follow(
  element: HTMLElement,
  { horizontal, initialSize, sync }: { horizontal: boolean; initialSize: number; sync: boolean },
  setView: (update: (current: View) => View) => void,
): () => void {
  const read = (): View => {
    const width = element.clientWidth;
    const height = element.clientHeight;
    const laidOut = width > 0 || height > 0;
    return { offset: horizontal ? element.scrollLeft : element.scrollTop, size: laidOut ? (horizontal ? width : height) : initialSize };
  };
  const update = () => {
    const next = read();
    setView((current) => (current.offset === next.offset && current.size === next.size ? current : next));
  };
  update();
  const onScroll = () => (sync ? flushSync(update) : update());
  element.addEventListener('scroll', onScroll, { passive: true });
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
  resize?.observe(element);
  return () => {
    element.removeEventListener('scroll', onScroll);
    resize?.disconnect();
  };
}

/**
 * Where each item starts (`starts[i]`), and where the last one ends (`starts[count]`): the measured size
 * of each item, else the estimate.
 */
export function itemStarts(count: number, estimateSize: number, scrollMargin: number, sizeOf: ((index: number) => number | undefined) | null): Float64Array {
  const starts = new Float64Array(count + 1);
  starts[0] = scrollMargin;
  for (let index = 0; index < count; index += 1) starts[index + 1] = starts[index]! + (sizeOf?.(index) ?? estimateSize);
  return starts;
}

/**
 * The first and last index to draw for a view: the items overlapping [offset, offset + size), widened
 * by `overscan` on each side. [0, -1] when there are none.
 */
export function visibleRange(starts: Float64Array, offset: number, size: number, overscan: number): readonly [number, number] {
  const count = starts.length - 1;
  if (count <= 0) return [0, -1];
  // The first item in view: it ends past the view's start, or (an item with no size) starts inside it.
  // Both hold from some item on, for the starts only grow, so a binary search finds it.
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle + 1]! > offset || starts[middle]! >= offset) high = middle;
    else low = middle + 1;
  }
  let last = low;
  while (last < count - 1 && starts[last + 1]! < offset + size) last += 1;
  return [Math.max(0, low - overscan), Math.min(count - 1, last + overscan)];
}

/**
 * Only the items in view (plus `overscan` on each side) of a long list or a wide grid: their indexes and
 * positions, for the caller to draw absolutely placed inside a box `totalSize` long. With `measure`,
 * an item is as big as its content (measured once drawn, and again when it resizes), and an item above
 * the view that turns out bigger or smaller than estimated moves the scroll position with it, so what
 * is in view stays put.
 */
export function useVirtualItems({
  count,
  scrollElement,
  estimateSize,
  overscan,
  horizontal = false,
  scrollMargin = 0,
  getKey = indexKey,
  measure,
  initialSize,
  sync = false,
}: VirtualItemsOptions): VirtualItems {
  const [view, setView] = useState<View>({ offset: 0, size: initialSize });
  // Measured sizes by item key; `measured` counts changes to them, so the positions are worked out again.
  const [sizes] = useState(() => new Map<Key, number>());
  const [measured, setMeasured] = useState(0);
  const starts = useMemo(
    () => itemStarts(count, estimateSize, scrollMargin, measured > 0 && sizes.size > 0 ? (index) => sizes.get(getKey(index)) : null),
    [count, estimateSize, scrollMargin, getKey, measured, sizes],
  );
  const [first, last] = visibleRange(starts, view.offset, view.size, overscan);
  const items = useMemo(() => {
    const shown: VirtualItem[] = [];
    for (let index = first; index <= last; index += 1) shown.push({ index, key: getKey(index), start: starts[index]!, size: starts[index + 1]! - starts[index]! });
    return shown;
  }, [first, last, starts, getKey]);

  // What the handlers below read: this render's options and positions, in place before the drawn
  // items' refs are attached (insertion effects run first), so an item is measured under its own key.
  const latest = useRef({ starts, getKey, measure, horizontal, estimateSize, scrollElement });
  useInsertionEffect(() => {
    latest.current = { starts, getKey, measure, horizontal, estimateSize, scrollElement };
  });

  // The view follows the scroll element: its scroll position and its size.
  useLayoutEffect(() => (scrollElement ? follow(scrollElement, { horizontal, initialSize, sync }, setView) : undefined), [scrollElement, horizontal, initialSize, sync]);

  // Each drawn item measured, and measured again when its size changes.
  const observer = useRef<ResizeObserver | null>(null);
  const record = useCallback(
    (element: Element) => {
      const { starts: positions, getKey: keyOf, measure: measureOf, horizontal: sideways, estimateSize: estimate, scrollElement: scroller } = latest.current;
      const index = Number((element as HTMLElement).dataset.index);
      if (!measureOf || !Number.isInteger(index) || index < 0 || index >= positions.length - 1) return;
      const key = keyOf(index);
      const size = measureOf(element);
      const previous = sizes.get(key);
      if (previous === size) return;
      sizes.set(key, size);
      const delta = size - (previous ?? estimate);
      // As estimated: nothing moves.
      if (delta === 0) return;
      // An item above the view changed size: the scroll position moves with it, so the view does not jump.
      if (scroller && positions[index]! < (sideways ? scroller.scrollLeft : scroller.scrollTop)) {
        if (sideways) scroller.scrollLeft += delta;
        else scroller.scrollTop += delta;
      }
      setMeasured((changes) => changes + 1);
    },
    [sizes],
  );
  const measureElement = useCallback(
    (element: Element | null) => {
      if (!element || !latest.current.measure) return undefined;
      if (!observer.current && typeof ResizeObserver !== 'undefined') {
        observer.current = new ResizeObserver((entries) => {
          for (const entry of entries) if (entry.target.isConnected) record(entry.target);
        });
      }
      const watching = observer.current;
      watching?.observe(element);
      record(element);
      // The item leaves the view (React calls this as its element goes): no longer watched.
      return () => watching?.unobserve(element);
    },
    [record],
  );
  useLayoutEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  return { items, totalSize: starts[count]! - scrollMargin, measureElement };
}
