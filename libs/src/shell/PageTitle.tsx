import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** The shell owns the header title and document.title; screens (shell or remote) report theirs here. */
export type PageTitleApi = { setSection: (section: string | null) => void };

const PageTitleContext = createContext<PageTitleApi>({ setSection: () => undefined });

export function PageTitleProvider({ value, children }: { value: PageTitleApi; children: ReactNode }) {
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

/**
 * Sets the section shown in the header and in '{brand} - {Section}' while the calling screen is
 * mounted, e.g. usePageTitle(`Business: ${name}`). Passing null keeps the route's default section.
 */
export function usePageTitle(section: string | null | undefined): void {
  const { setSection } = useContext(PageTitleContext);
  useEffect(() => {
    if (!section) return undefined;
    setSection(section);
    return () => setSection(null);
  }, [section, setSection]);
}
