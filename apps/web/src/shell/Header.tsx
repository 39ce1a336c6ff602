import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { backTarget, HOME_PATH, routeFor } from '../app/routes.ts';
import { resetGameFilter } from '../lib/game-filter.ts';
import { badgeText } from '../lib/timing.ts';
import { useMemberInfo, useSession, useUnreadCount } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { useBalance } from './balance.ts';
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

function MemberActions() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  const status = useSiteStatus();
  const unread = useUnreadCount();
  const balance = useBalance();
  const { open } = useShell();
  const name = info.data?.nickname || info.data?.account || session?.userName || '';
  const vipLabel = status?.info.vip.enabled ? info.data?.clubLabel?.labelName : undefined;
  const unreadCount = unread.data?.total ?? 0;
  return (
    <div className="header-member">
      <Link to="/m/member/home" className="avatar" aria-label={t('header.memberCentre')}>
        <Icon name="user" size={20} />
      </Link>
      <div className="member-summary">
        <span className="member-name">
          {name}
          {vipLabel && <span className="vip-label">{vipLabel}</span>}
        </span>
        <button
          type="button"
          className="balance"
          onClick={balance.toggle}
          aria-label={t('menu.toggleBalance')}
        >
          {balance.text}
        </button>
      </div>
      <Link to="/m/voucherCenter" className="icon-btn" aria-label={t('menu.deposit')}>
        <Icon name="wallet" />
      </Link>
      {status?.info.whitelabel.DIRECTREG3 && (
        <Link to="/m/withdraw" className="icon-btn" aria-label={t('menu.withdraw')}>
          <Icon name="withdraw" />
        </Link>
      )}
      <Link to="/m/webEmail" className="icon-btn" aria-label={t('menu.inbox')}>
        <Icon name="mail" />
        {unreadCount > 0 && <span className="badge">{badgeText(unreadCount)}</span>}
      </Link>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('header.more')}
        onClick={() => open('dropdown')}
      >
        <Icon name="chevron" className="rot-90" />
      </button>
    </div>
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
            {session ? <MemberActions /> : <GuestActions />}
          </>
        ) : (
          <>
            <button type="button" className="icon-btn" aria-label={t('header.back')} onClick={goBack}>
              <Icon name="back" className="flip-rtl" />
            </button>
            <h1 className="header-title">{t(`titles.${route?.id ?? 'home'}`)}</h1>
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
