import type { Ref } from 'react';
import { Link, useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { StewardMark } from '../branding/StewardMark';
import { brandName } from '../branding/brandName';
import { useBranding } from '../branding/BrandingContext';
import { MenuIcon } from './MenuIcon';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OrgSwitcher } from './OrgSwitcher';
import { NotificationBell } from '../notifications/NotificationBell';
import '../notifications/notifications.css';
import { SearchLauncher } from '../search/SearchLauncher';
import { useT } from '../i18n';

export type AppHeaderProps = { title: string; titleRef?: Ref<HTMLHeadingElement>; showMenuButton: boolean; onMenuButton: () => void };

/** The fixed header: logo, wordmark, page title, search, organisation switcher, notifications, language, e-mail and Sign Out. */
export function AppHeader({ title, titleRef, showMenuButton, onMenuButton }: AppHeaderProps) {
  const { user, loading, orgName, signOut } = useSession();
  const { logoUrl } = useBranding();
  const navigate = useNavigate();
  const brand = brandName();
  const t = useT();
  const email = user?.email ?? (loading ? t('header.loadingEmail') : t('header.signedOut'));

  return (
    <header className="stw-header">
      {showMenuButton && (
        <button type="button" className="stw-header__menu-button" aria-label={t('header.openMenu')} onClick={onMenuButton}>
          <MenuIcon name="Menu" />
        </button>
      )}
      {/* Named for screen readers: on a phone the wordmark is hidden and only the logo shows. */}
      <Link to="/dashboard" className="stw-header__brand" aria-label={brand}>
        {logoUrl ? <img src={logoUrl} alt={orgName ? t('header.logo', { orgName }) : ''} className="stw-header__logo" /> : <StewardMark size={40} onBrand />}
        <span className="stw-header__wordmark">{brand}</span>
      </Link>
      <h1 className="stw-header__title" ref={titleRef} tabIndex={-1}>
        {title}
      </h1>
      <div className="stw-header__account">
        <SearchLauncher />
        <OrgSwitcher />
        <NotificationBell />
        <LanguageSwitcher />
        {/* Cut short on a mid-width screen; the whole address shows on hover. */}
        <span className="stw-header__email" data-testid="header-email" title={email}>
          {email}
        </span>
        <button type="button" className="stw-header__sign-out" onClick={() => void signOut(() => navigate('/'))}>
          {t('header.signOut')}
        </button>
      </div>
    </header>
  );
}
