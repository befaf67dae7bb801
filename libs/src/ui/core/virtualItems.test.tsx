import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { itemStarts, useVirtualItems, visibleRange } from './virtualItems';

describe('visibleRange', () => {
  const starts = itemStarts(100, 50, 0, null);

  it('gives the items overlapping the view, widened by the overscan and kept inside the list', () => {
    expect(visibleRange(starts, 0, 200, 0)).toEqual([0, 3]);
    expect(visibleRange(starts, 0, 200, 2)).toEqual([0, 5]);
    // 1,010 px down, 200 px tall: item 20 (1,000–1,050) is partly in view, and so is item 24 (from 1,200).
    expect(visibleRange(starts, 1010, 200, 0)).toEqual([20, 24]);
    expect(visibleRange(starts, 1010, 200, 3)).toEqual([17, 27]);
    expect(visibleRange(starts, 4900, 200, 3)).toEqual([95, 99]);
  });

  it('gives nothing for an empty list, and every item when they have no size', () => {
    expect(visibleRange(itemStarts(0, 50, 0, null), 0, 200, 3)).toEqual([0, -1]);
    expect(visibleRange(itemStarts(4, 0, 0, null), 0, 200, 0)).toEqual([0, 3]);
  });

  it('counts a scroll margin before the first item', () => {
    const columns = itemStarts(60, 190, 180, null);
    expect(columns[0]).toBe(180);
    expect(columns[60]).toBe(180 + 60 * 190);
    // A 1,200 px view scrolled to the start shows the margin and six columns (180 + 6 × 190 = 1,320).
    expect(visibleRange(columns, 0, 1200, 0)).toEqual([0, 5]);
  });

  it('takes the measured size of an item over the estimate', () => {
    const measured = itemStarts(5, 50, 0, (index) => (index === 1 ? 120 : undefined));
    expect([...measured]).toEqual([0, 50, 170, 220, 270, 320]);
  });
});

/** A list of `count` rows 50 px tall (or as tall as `tall` says, measured) in a scroll box; `cards` draws another box. */
function List({ count, tall, cards = false }: { count: number; tall?: Record<number, number>; cards?: boolean }) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const { items, totalSize, measureElement } = useVirtualItems({
    count,
    scrollElement: scroller,
    estimateSize: 50,
    overscan: 1,
    initialSize: 200,
    getKey: (index) => `row ${index}`,
    ...(tall ? { measure: (element: Element) => Number((element as HTMLElement).dataset.height) } : {}),
  });
  const body = (
    <ul style={{ height: totalSize }} data-testid="body">
      {items.map((item) => (
        <li key={item.key} ref={measureElement} data-index={item.index} data-height={tall?.[item.index] ?? 50} data-start={item.start}>
          Row {item.index}
        </li>
      ))}
    </ul>
  );
  if (cards) {
    return (
      <section ref={setScroller} data-testid="scroller">
        {body}
      </section>
    );
  }
  return (
    <div ref={setScroller} data-testid="scroller">
      {body}
    </div>
  );
}

const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

/** Lays the scroll box out at `height` px and scrolls it to `top`, as the browser would tell the page. */
function scrollTo(top: number, height = 200) {
  const scroller = screen.getByTestId('scroller');
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: height });
  Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 800 });
  scroller.scrollTop = top;
  fireEvent.scroll(scroller);
}

describe('useVirtualItems', () => {
  it('draws a screenful before layout, then the rows the scroll brings into view', () => {
    render(<List count={1000} />);
    // Nothing laid out: the initial 200 px, four rows and one more.
    expect(shown()).toEqual(['Row 0', 'Row 1', 'Row 2', 'Row 3', 'Row 4']);
    expect(screen.getByTestId('body').style.height).toBe('50000px');
    act(() => scrollTo(10_000));
    expect(shown()).toEqual(['Row 199', 'Row 200', 'Row 201', 'Row 202', 'Row 203', 'Row 204']);
    act(() => scrollTo(10_000, 400));
    expect(shown()).toHaveLength(10);
  });

  it('follows the box the list is drawn in now, when another replaces it', () => {
    const { rerender } = render(<List count={1000} />);
    act(() => scrollTo(10_000));
    rerender(<List count={1000} cards />);
    expect(screen.getByTestId('scroller').tagName).toBe('SECTION');
    // The new box starts at its top; scrolled, the rows follow it, not the box that went.
    act(() => scrollTo(5_000));
    expect(shown()[0]).toBe('Row 99');
  });

  it('draws every row of a short list and nothing for an empty one', () => {
    const { rerender } = render(<List count={3} />);
    expect(shown()).toEqual(['Row 0', 'Row 1', 'Row 2']);
    rerender(<List count={0} />);
    expect(shown()).toEqual([]);
    expect(screen.getByTestId('body').style.height).toBe('0px');
  });

  it('places the rows after a measured row by its measured size', () => {
    render(<List count={100} tall={{ 1: 130 }} />);
    const starts = screen.getAllByRole('listitem').map((item) => Number(item.dataset.start));
    expect(starts.slice(0, 4)).toEqual([0, 50, 180, 230]);
    expect(screen.getByTestId('body').style.height).toBe(`${99 * 50 + 130}px`);
  });

  it('moves the scroll position by what a row above the view measured more than estimated, so the view stays put', () => {
    // Row 19 turns out 80 px taller than estimated, row 22 40 px.
    render(<List count={100} tall={{ 19: 130, 22: 90 }} />);
    const scroller = screen.getByTestId('scroller');
    act(() => scrollTo(1000));
    // Row 19 (drawn above the view, in the overscan) moved the view down by 80 px; row 22, in view, did not.
    expect(scroller.scrollTop).toBe(1080);
    const starts = screen.getAllByRole('listitem').map((item) => [item.textContent, Number(item.dataset.start)]);
    expect(starts).toContainEqual(['Row 20', 1080]);
    expect(starts).toContainEqual(['Row 23', 1270]);
  });
});
