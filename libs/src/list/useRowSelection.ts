import { useCallback, useMemo, useRef, useState } from 'react';

/**
 * Which rows of a list are selected, ready for actions on many rows at once. Rows are chosen one by one
 * (a checkbox), as a range (shift-click or shift-Space on a second checkbox selects every row between
 * it and the one chosen before), a whole page at a time, or as "every row matching this filter" — more
 * rows than the page holds, which an action then addresses by the list's filter instead of by keys.
 * Keys chosen on one page stay chosen on the next; a new filter starts the selection afresh.
 */
export type RowSelection = {
  /** Keys of the rows chosen one by one, a range or a page at a time. */
  selectedKeys: ReadonlySet<string>;
  /** Every row matching the list's filter is chosen, also those on other pages. */
  allMatching: boolean;
  /** How many rows are chosen: the whole list's total when allMatching. */
  count: number;
  /** Rows matching the filter (the list's total). */
  total: number;
  isSelected: (key: string) => boolean;
  /** Chooses or unchooses the row at `index` on this page; `range` extends from the row chosen before. */
  toggle: (key: string, index: number, options?: { range?: boolean }) => void;
  /** 'all' when every row on this page is chosen. */
  pageState: 'none' | 'some' | 'all';
  /** Chooses every row on this page, or none when all of them already are. */
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
};

type SelectionOptions = {
  /** The keys of the rows on this page, in display order. */
  pageKeys: readonly string[];
  total: number;
  /** What the rows are: a change (a new filter) clears the selection. */
  scope: string;
};

type State = { scope: string; keys: ReadonlySet<string>; allMatching: boolean };

const EMPTY: ReadonlySet<string> = new Set();

export function useRowSelection({ pageKeys, total, scope }: SelectionOptions): RowSelection {
  const [stored, setState] = useState<State>({ scope, keys: EMPTY, allMatching: false });
  const state: State = stored.scope === scope ? stored : { scope, keys: EMPTY, allMatching: false };
  const anchor = useRef<number | null>(null);

  const toggle = useCallback(
    (key: string, index: number, options: { range?: boolean } = {}) => {
      const from = options.range && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = options.range && anchor.current !== null ? Math.max(anchor.current, index) : index;
      anchor.current = index;
      setState((previous) => {
        const current = previous.scope === scope ? previous : { scope, keys: EMPTY, allMatching: false };
        // Unchoosing one row of "all matching" leaves the page's other rows chosen, by key.
        const keys = new Set(current.allMatching ? pageKeys : current.keys);
        const choose = current.allMatching ? false : !keys.has(key);
        for (const rangeKey of pageKeys.slice(from, to + 1)) {
          if (choose) keys.add(rangeKey);
          else keys.delete(rangeKey);
        }
        if (!pageKeys.includes(key)) {
          if (choose) keys.add(key);
          else keys.delete(key);
        }
        return { scope, keys, allMatching: false };
      });
    },
    [pageKeys, scope],
  );

  const onPage = pageKeys.filter((key) => state.allMatching || state.keys.has(key)).length;
  const pageState: RowSelection['pageState'] = onPage === 0 ? 'none' : onPage === pageKeys.length ? 'all' : 'some';

  const togglePage = useCallback(() => {
    setState((previous) => {
      const current = previous.scope === scope ? previous : { scope, keys: EMPTY, allMatching: false };
      const keys = new Set(current.keys);
      const all = current.allMatching || pageKeys.every((key) => keys.has(key));
      for (const key of pageKeys) {
        if (all) keys.delete(key);
        else keys.add(key);
      }
      return { scope, keys: current.allMatching ? EMPTY : keys, allMatching: false };
    });
    anchor.current = null;
  }, [pageKeys, scope]);

  const selectAllMatching = useCallback(() => setState({ scope, keys: EMPTY, allMatching: true }), [scope]);
  const clear = useCallback(() => {
    anchor.current = null;
    setState({ scope, keys: EMPTY, allMatching: false });
  }, [scope]);

  return useMemo(
    () => ({
      selectedKeys: state.keys,
      allMatching: state.allMatching,
      count: state.allMatching ? total : state.keys.size,
      total,
      isSelected: (key: string) => state.allMatching || state.keys.has(key),
      toggle,
      pageState,
      togglePage,
      selectAllMatching,
      clear,
    }),
    [clear, pageState, selectAllMatching, state.allMatching, state.keys, toggle, togglePage, total],
  );
}
