import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** One tab button of a screen's sub-menu, shown by the shell above the content. */
export type SubMenuItem = { label: string; path: string };

export type SubMenuApi = { setItems: (items: readonly SubMenuItem[] | null) => void };

const SubMenuContext = createContext<SubMenuApi>({ setItems: () => undefined });

export function SubMenuProvider({ value, children }: { value: SubMenuApi; children: ReactNode }) {
  return <SubMenuContext.Provider value={value}>{children}</SubMenuContext.Provider>;
}

/**
 * Shows sub-menu tabs above the calling screen while it is mounted, e.g.
 * useSubMenu([{ label: 'Organization', path: '/orgsettings' }, { label: 'Integrations', path: '/settings/integrations' }]).
 * The list may be written inline: it is compared by content, not identity.
 */
export function useSubMenu(items: readonly SubMenuItem[] | null | undefined): void {
  const { setItems } = useContext(SubMenuContext);
  const key = items?.length ? JSON.stringify(items) : '';
  useEffect(() => {
    if (!key) return undefined;
    setItems(JSON.parse(key) as SubMenuItem[]);
    return () => setItems(null);
  }, [key, setItems]);
}
