import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@steward/libs/router';
import { MENU_DASHBOARD, menuGroupsFor } from '@steward/libs/shell';
import { useSession } from '@steward/libs/session';
import { loadArea } from '../federation/remoteLoader';
import { trapTabKey } from '../layout/trapTabKey';
import { MenuIcon } from '../layout/MenuIcon';
import { readRecent, rememberRecent } from './recentRecords';
import { MIN_QUERY_LENGTH, globalSearchKey, searchRecords, type SearchGroup, type SearchOption } from './searchRecords';
import './search.css';
import { useT } from '../i18n';
import { menuLabel } from '../layout/routeWords';

export type SearchDialogProps = {
  /** Closes the dialog; `opened` says a record or page was chosen (focus then goes to the new page). */
  onClose: (opened: boolean) => void;
};

const DEBOUNCE_MS = 120;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** How an area's search kinds are read: from its './area' module (loaded once, shared with its routes). */
const kindsOf = (area: Parameters<typeof loadArea>[0]) => loadArea(area).then((module) => module.search);

/**
 * The global search dialog (Ctrl/Cmd+K): a modal with one combobox whose listbox holds the results,
 * grouped by kind (2+ characters), or, for an empty query, the records opened lately and a "Go to"
 * entry for every page of the enabled areas. Arrow keys move, Enter opens, Escape closes; focus stays
 * in the input throughout (the active option is announced through aria-activedescendant).
 */
export function SearchDialog({ onClose }: SearchDialogProps) {
  const { orgName, enabledComponents } = useSession();
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), listbox: useId(), option: useId(), status: useId() };

  const trimmed = query.trim();
  const searching = trimmed.length >= MIN_QUERY_LENGTH;
  const debounced = useDebounced(trimmed, DEBOUNCE_MS);
  const results = useQuery({
    queryKey: globalSearchKey(orgName ?? '', debounced),
    queryFn: () => searchRecords(debounced, orgName ?? '', kindsOf),
    enabled: Boolean(orgName) && debounced.length >= MIN_QUERY_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const groups: readonly SearchGroup[] = useMemo(() => {
    if (searching) return results.data ?? [];
    const recent = orgName ? readRecent(orgName) : [];
    const pages = [MENU_DASHBOARD, ...menuGroupsFor(enabledComponents).flatMap((group) => group.items)];
    const goTo: SearchOption[] = pages.map((page) => ({ key: `page:${page.path}`, title: t('search.goTo', { page: menuLabel(t, page.path, page.label) }), detail: null, path: page.path, kind: 'page', group: t('search.goToGroup') }));
    return [
      ...(recent.length > 0 ? [{ kind: 'recent', label: t('search.recent'), options: recent }] : []),
      { kind: 'page', label: t('search.goToGroup'), options: goTo },
    ];
  }, [searching, results.data, orgName, enabledComponents, t]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);

  useEffect(() => {
    input.current?.focus();
  }, []);
  // A new list starts from its first option.
  useEffect(() => setActive(0), [groups]);
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${ids.option}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, ids.option]);

  const open = (option: SearchOption) => {
    if (orgName && option.kind !== 'page') rememberRecent(orgName, option);
    navigate(option.path);
    onClose(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(false);
      return;
    }
    if (trapTabKey(event, panel.current)) return;
    if (options.length === 0) return;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (activeIndex + 1) % options.length,
      ArrowUp: () => (activeIndex - 1 + options.length) % options.length,
      Home: () => 0,
      End: () => options.length - 1,
    };
    const move = event.target === input.current && (event.key === 'Home' || event.key === 'End') ? undefined : moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter' && activeIndex >= 0 && event.target === input.current) {
      event.preventDefault();
      open(options[activeIndex]!);
    }
  };

  const status = !searching
    ? trimmed.length > 0
      ? t('search.typeMore', { count: MIN_QUERY_LENGTH })
      : ''
    : results.isError
      ? t('search.failed')
      : results.isFetching && !results.data
        ? t('search.searching')
        : debounced === trimmed && options.length === 0 && !results.isFetching
          ? t('search.noResults', { query: trimmed })
          : debounced === trimmed && !results.isFetching
            ? t('search.resultCount', { count: options.length })
            : '';

  let index = -1;
  return (
    <div className="stw-search" onKeyDown={onKeyDown}>
      <div className="stw-search__mask" aria-hidden="true" onClick={() => onClose(false)} />
      <div ref={panel} className="stw-search__panel" role="dialog" aria-modal="true" aria-labelledby={ids.title}>
        <h2 id={ids.title} className="stw-visually-hidden">
          {t('search.title')}
        </h2>
        <div className="stw-search__field">
          <MenuIcon name="Search" size={20} />
          <input
            ref={input}
            className="stw-search__input"
            type="text"
            role="combobox"
            aria-label={t('search.inputLabel')}
            aria-expanded={options.length > 0}
            aria-controls={ids.listbox}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? `${ids.option}-${activeIndex}` : undefined}
            aria-describedby={ids.status}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="button" className="stw-search__close" aria-label={t('search.close')} onClick={() => onClose(false)}>
            <MenuIcon name="Close" size={18} />
          </button>
        </div>
        <div id={ids.listbox} role="listbox" aria-label={searching ? t('search.results') : t('search.recentAndPages')} className="stw-search__list">
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${ids.listbox}-${group.kind}`} className="stw-search__group">
              <div id={`${ids.listbox}-${group.kind}`} role="presentation" className="stw-search__heading">
                {group.label}
              </div>
              {group.options.map((option) => {
                index += 1;
                const position = index;
                return (
                  <div
                    key={option.key}
                    id={`${ids.option}-${position}`}
                    role="option"
                    aria-selected={position === activeIndex}
                    className="stw-search__option"
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(position)}
                    onClick={() => open(option)}
                  >
                    <span className="stw-search__title">{option.title}</span>
                    {option.detail && <span className="stw-search__detail">{option.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p id={ids.status} role="status" className="stw-search__status">
          {status}
        </p>
      </div>
    </div>
  );
}

export default SearchDialog;
