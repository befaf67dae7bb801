import type { CSSProperties, ReactNode } from 'react';
import type { BookingPageInfo } from './bookingApi';
import './publicBooking.css';

/** The page around a public booking screen, in the organisation's colours, name and logo. */
export function BookingFrame({ info, title, children }: { info: BookingPageInfo | undefined; title: string; children: ReactNode }) {
  const branding = info?.ok ? info.branding : {};
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
          {info?.ok && info.logo_url ? <img src={info.logo_url} alt="" /> : null}
          <div>
            <h1>{info?.ok ? info.display_name : 'Online booking'}</h1>
            <p className="booking-muted" style={{ margin: 0 }}>{title}</p>
          </div>
        </header>
        {children}
      </main>
    </div>
  );
}
