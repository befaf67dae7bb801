import { useCallback, useEffect, useState } from 'react';
import { resolveLocale, setLocale, type Locale } from '@steward/libs/i18n';

/** Where this tab remembers the language a guest chose on the booking pages (for their booking's page too). */
const CHOSEN_KEY = 'steward:booking-locale';

function remembered(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(CHOSEN_KEY) ?? null;
  } catch {
    return null;
  }
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * A guest has no profile: the booking page speaks the language they chose on it, else the
 * organisation's (Org Data), else the browser's, else English; amounts are in the organisation's
 * currency. English needs no catalogue, so an English page loads none.
 */
export function guestLocale(chosen: string | null, orgLanguage: string | null | undefined, browser: readonly string[] = browserLanguages()): Locale {
  return resolveLocale(chosen, orgLanguage, browser);
}

/** Applies the guest's language once the organisation's page is known; `choose` is the page's language switch. */
export function useGuestLanguage(orgLanguage: string | null | undefined, currency: string | undefined, known: boolean) {
  const [chosen, setChosen] = useState<string | null>(remembered);
  useEffect(() => {
    if (!known) return;
    setLocale(guestLocale(chosen, orgLanguage), currency).catch((error: unknown) => console.warn('The language could not be loaded:', error));
  }, [known, chosen, orgLanguage, currency]);
  const choose = useCallback((locale: Locale) => {
    try {
      globalThis.sessionStorage?.setItem(CHOSEN_KEY, locale);
    } catch {
      // Private mode: the choice holds for this page only.
    }
    setChosen(locale);
  }, []);
  return choose;
}
