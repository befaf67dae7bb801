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
 * A guest has no profile: the booking page speaks the language they chose on it, else (on their
 * booking's own page) the one they booked in, else the organisation's (Org Data), else the browser's,
 * else English; amounts are in the organisation's currency. English needs no catalogue, so an English
 * page loads none.
 */
export function guestLocale(chosen: string | null, orgLanguage: string | null | undefined, browser: readonly string[] = browserLanguages(), bookedIn: string | null = null): Locale {
  return resolveLocale(chosen ?? bookedIn, orgLanguage, browser);
}

/**
 * Applies the guest's language once the organisation's page is known (`bookedIn`: the language of the
 * booking a guest's own page shows); `choose` is the page's language switch.
 */
export function useGuestLanguage(orgLanguage: string | null | undefined, currency: string | undefined, known: boolean, bookedIn: string | null = null) {
  const [chosen, setChosen] = useState<string | null>(remembered);
  useEffect(() => {
    if (!known) return;
    setLocale(guestLocale(chosen, orgLanguage, undefined, bookedIn), currency).catch((error: unknown) => console.warn('The language could not be loaded:', error));
  }, [known, chosen, orgLanguage, currency, bookedIn]);
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
