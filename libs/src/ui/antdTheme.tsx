import { Suspense, createContext, lazy, useContext, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { ThemeConfig } from 'antd';

/*
 * antd draws only inside <AntdTheme>. A list's first view is drawn from plain elements on the
 * branding's CSS variables (./plain.tsx), so antd's code and stylesheet are not among what a phone
 * waits for before the first row. (They live here, not in '@steward/libs/ui/core', which the dashboard
 * loads: its first view stays as it was.) What draws with antd — a dialog, a form, a panel,
 * a page built on antd — sits inside <AntdTheme>, which loads '@steward/libs/ui/antd' (its components, its
 * stylesheet and ConfigProvider) with it and themes it from the organisation's branding. An area whose
 * pages are drawn with antd wraps its routes in it; a plain page wraps each part it loads later.
 */

/** antd's theme for the branding in force (the shell provides it); antd's defaults where none is. */
const AntdThemeConfig = createContext<ThemeConfig | null>(null);

/** Set inside the loaded theme root: an <AntdTheme> inside another draws its children as they are. */
const InsideAntdTheme = createContext(false);

const DEFAULT_THEME: ThemeConfig = { zeroRuntime: true };

/** The theme <AntdTheme> applies below it (the shell provides the organisation's branding). */
export function ProvideAntdTheme({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  return <AntdThemeConfig.Provider value={theme}>{children}</AntdThemeConfig.Provider>;
}

/** Loads antd (code and stylesheet) and its theme root; what the first part drawn with antd waits for. */
export function loadAntd() {
  return import('@steward/libs/ui/antd');
}

const ThemeRoot = lazy(() => loadAntd().then((antd) => ({ default: antd.AntdThemeRoot })));

/**
 * Draws `children` with antd themed from the branding, once antd has loaded (`fallback` until then).
 * It loads antd as it mounts, so it is mounted only when something drawn with antd shows (a dialog
 * opened, a panel, a page built on antd), not ahead of it. Inside another <AntdTheme> it adds only its
 * Suspense boundary.
 */
export function AntdTheme({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const theme = useContext(AntdThemeConfig) ?? DEFAULT_THEME;
  // Already themed: still a boundary of its own, so what loads inside it (a lazy panel or dialog)
  // suspends here and not the screen around it.
  if (useContext(InsideAntdTheme)) return <Suspense fallback={fallback}>{children}</Suspense>;
  return (
    <Suspense fallback={fallback}>
      <ThemeRoot theme={theme}>
        <InsideAntdTheme.Provider value>{children}</InsideAntdTheme.Provider>
      </ThemeRoot>
    </Suspense>
  );
}

/**
 * A page drawn with antd, loaded when first drawn: its code and antd travel together. (A lazy page
 * inside <AntdTheme> would only be asked for once antd had arrived, one download after the other.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy()
export function lazyAntdPage<Page extends ComponentType<any>>(load: () => Promise<{ default: Page }>, fallback: ReactNode = null): ComponentType<ComponentProps<Page>> {
  let loading: Promise<{ default: Page }> | undefined;
  const start = () => (loading ??= load());
  const LoadedPage = lazy(start) as unknown as ComponentType<ComponentProps<Page>>;
  return function AntdPage(props: ComponentProps<Page>) {
    // Asked for now, beside antd (which <AntdTheme> asks for as it mounts): the same request the lazy
    // page makes once drawn.
    void start();
    return (
      <AntdTheme fallback={fallback}>
        <LoadedPage {...props} />
      </AntdTheme>
    );
  };
}
