import { useEffect, useState, type ReactNode } from 'react';
import type { ThemeConfig } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { directionOf, useLanguage, type Locale } from '@steward/libs/i18n';
import { ConfigProvider } from './ConfigProvider';
import './styles';

/**
 * antd's own words (an empty list's "No data", a date picker's months) in the page's language: each
 * language but English is a chunk of its own, fetched when chosen; English is antd's built-in default.
 */
const ANTD_LOCALES: Partial<Record<Locale, () => Promise<{ default: AntdLocale }>>> = {
  es: () => import(/* webpackChunkName: "antd-locale-es" */ 'antd/locale/es_ES'),
};

/**
 * antd's ConfigProvider with the branding's theme, the page's language and its direction (right to
 * left for an RTL language): what <AntdTheme> ('@steward/libs/ui') renders once antd has loaded.
 */
export function AntdThemeRoot({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  const { locale } = useLanguage();
  const [loaded, setLoaded] = useState<{ locale: Locale; words: AntdLocale } | null>(null);
  useEffect(() => {
    const load = ANTD_LOCALES[locale];
    if (!load || loaded?.locale === locale) return;
    let current = true;
    void load().then((module) => {
      if (current) setLoaded({ locale, words: module.default });
    });
    return () => {
      current = false;
    };
  }, [locale, loaded]);
  return (
    <ConfigProvider theme={theme} locale={loaded?.locale === locale ? loaded.words : undefined} direction={directionOf(locale)}>
      {children}
    </ConfigProvider>
  );
}
