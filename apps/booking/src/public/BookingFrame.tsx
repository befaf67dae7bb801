import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { LANGUAGE_OPTIONS, loadLaterCatalogs, useLanguage } from '@steward/libs/i18n';
import { useT } from '../i18n';
import type { BookingPageInfo } from './bookingApi';
import { useGuestLanguage } from './guestLanguage';
import './publicBooking.css';

/**
 * The page around a public booking screen, in the organisation's colours, name and logo, and in the
 * guest's language (guestLanguage.ts; `bookedIn`: on a guest's own booking, the language they booked
 * in), with a switch to choose another.
 */
export function BookingFrame({ info, title, bookedIn = null, children }: { info: BookingPageInfo | undefined; title: string; bookedIn?: string | null; children: ReactNode }) {
  const t = useT();
  const { locale } = useLanguage();
  const page = info?.ok ? info : undefined;
  const choose = useGuestLanguage(page?.language, page?.currency, page !== undefined, bookedIn);
  // The page is shown: the words of the database's refusals follow, before the guest can be refused.
  const shown = page !== undefined;
  useEffect(() => {
    if (shown) loadLaterCatalogs();
  }, [shown]);
  const branding = page?.branding ?? {};
  const style = {
    ...(branding.primary_color ? { '--booking-primary': branding.primary_color } : {}),
    ...(branding.background_color ? { '--booking-background': branding.background_color } : {}),
    ...(branding.text_color ? { '--booking-text': branding.text_color } : {}),
    ...(branding.button_color ? { '--booking-button': branding.button_color } : {}),
    ...(branding.button_text_color ? { '--booking-button-text': branding.button_text_color } : {}),
    ...(branding.font_family ? { '--booking-font': branding.font_family } : {}),
  } as CSSProperties;
  return (
    <div className="booking-public" style={style}>
      <main>
        <header>
          {page?.logo_url ? <img src={page.logo_url} alt="" /> : null}
          <div>
            <h1>{page ? page.display_name : t('frame.onlineBooking')}</h1>
            <p className="booking-muted" style={{ margin: 0 }}>{title}</p>
          </div>
          {page ? (
            <label className="booking-language">
              <span className="booking-visually-hidden">{t('frame.language')}</span>
              <select value={LANGUAGE_OPTIONS.some((option) => option.value === locale) ? locale : 'en'} onChange={(event) => choose(event.target.value as typeof locale)}>
                {LANGUAGE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value} lang={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </header>
        {children}
      </main>
    </div>
  );
}
