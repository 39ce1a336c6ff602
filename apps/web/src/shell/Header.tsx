import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { backTarget, HOME_PATH, routeFor } from '../app/routes.ts';
import { useVendorName } from '../lib/categories.ts';
import { resetGameFilter, useGameFilter } from '../lib/game-filter.ts';
import { useMemberInfo, useSession, useUnreadCount, useWallet } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { CategoryNav } from './CategoryNav.tsx';
import { Icon } from './Icon.tsx';
import { useShell } from './shell-state.tsx';

/** Goes back per the header rules: home from the spec's list of screens, else one step back. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const state = window.history.state as { idx?: number } | null;
    if (backTarget(pathname) === 'home' || !state?.idx) void navigate(HOME_PATH);
    else void navigate(-1);
  }, [navigate, pathname]);
}

function Logo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const siteName = status?.info.siteName ?? 'Playhouse';
  return (
    <button
      type="button"
      className="logo"
      onClick={() => {
        resetGameFilter();
        navigate(HOME_PATH);
      }}
      // The accessible name starts with the visible name (WCAG label in name).
      aria-label={`${siteName}, ${t('header.logo')}`}
    >
      <img src="/m/icon.svg" alt="" width="28" height="28" />
      {/* Shown whole or not at all: a name cut to "Pl…" reads as broken (see .logo-name). */}
      <span className="logo-name">
        <span>{siteName}</span>
      </span>
    </button>
  );
}

function GuestActions() {
  const { t } = useTranslation();
  return (
    <div className="header-actions">
      <Link className="btn btn-ghost btn-sm" to="/m/login">
        {t('header.login')}
      </Link>
      <Link className="btn btn-primary btn-sm" to="/m/register">
        {t('header.register')}
      </Link>
    </div>
  );
}

// A member's part of the header (balance, shortcuts) is a chunk of its own: a guest's first visit,
// which is what most first loads are, never downloads it. Its data starts loading with the header.
const MemberActions = lazy(() => import('./HeaderMember.tsx'));

function MemberSlot() {
  useMemberInfo();
  useWallet();
  useUnreadCount();
  return (
    <Suspense fallback={<div className="header-member" aria-hidden="true" />}>
      <MemberActions />
    </Suspense>
  );
}

/**
 * The header's title: the route's, except on a provider's page, which is titled with the provider
 * the list shows (its own tab may switch to another).
 */
function PageTitle({ id }: { id: string }) {
  const { t } = useTranslation();
  const filter = useGameFilter();
  const vendor = useVendorName(id === 'provider' ? filter.vassalage || undefined : undefined);
  return (
    <h1 className="header-title" dir="auto">
      {vendor ?? t(`titles.${id}`)}
    </h1>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = routeFor(pathname);
  const session = useSession();
  const goBack = useGoBack();
  const { open } = useShell();
  const isHome = route?.id === 'home';
  return (
    <header className="app-header">
      <div className="header-bar">
        {isHome ? (
          <>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('header.openMenu')}
              onClick={() => open('side')}
            >
              <Icon name="menu" />
            </button>
            <Logo />
            {session ? <MemberSlot /> : <GuestActions />}
          </>
        ) : (
          <>
            <button type="button" className="icon-btn" aria-label={t('header.back')} onClick={goBack}>
              <Icon name="back" className="flip-rtl" />
            </button>
            <PageTitle id={route?.id ?? 'home'} />
            <button
              type="button"
              className="icon-btn"
              aria-label={t('header.openMenu')}
              onClick={() => open('side')}
            >
              <Icon name="menu" />
            </button>
          </>
        )}
      </div>
      {isHome && <CategoryNav />}
    </header>
  );
}
