import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeText } from '../lib/timing.ts';
import { useMemberInfo, useSession, useUnreadCount } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { useBalance } from './balance.ts';
import { Icon } from './Icon.tsx';
import { useRouteOffered } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

/**
 * The member's balance in the header: tapping the amount hides or shows it (remembered on the
 * device), the arrow fetches it again; asterisks while hidden or refreshing (spec §4).
 */
function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  const toggleLabel = balance.hidden ? t('menu.showBalance') : t('menu.hideBalance');
  return (
    <div className="balance-row">
      <button
        type="button"
        className="balance"
        onClick={balance.toggle}
        aria-label={toggleLabel}
        aria-pressed={balance.hidden}
        title={toggleLabel}
      >
        <span
          className={balance.refreshing ? 'balance-amount is-refreshing' : 'balance-amount'}
          dir="ltr"
          data-masked={balance.masked || undefined}
        >
          {balance.text}
        </span>
      </button>
      <button
        type="button"
        className="balance-refresh"
        onClick={() => void balance.refresh()}
        aria-label={t('menu.refreshBalance')}
        aria-busy={balance.refreshing}
        disabled={balance.refreshing}
      >
        <Icon name="refresh" size={16} className={balance.refreshing ? 'spin' : undefined} />
      </button>
    </div>
  );
}

/** The signed-in member's side of the header (spec §2, Header and menus). */
export default function MemberActions() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  const status = useSiteStatus();
  const unread = useUnreadCount();
  const { open } = useShell();
  const offered = useRouteOffered();
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
          <span className="member-name-text" dir="auto">
            {name}
          </span>
          {vipLabel && <span className="vip-label">{vipLabel}</span>}
        </span>
        <HeaderBalance />
      </div>
      {offered('/m/voucherCenter') && (
        <Link to="/m/voucherCenter" className="icon-btn" aria-label={t('menu.deposit')}>
          <Icon name="wallet" />
        </Link>
      )}
      {status?.info.whitelabel.DIRECTREG3 && offered('/m/withdraw') && (
        <Link to="/m/withdraw" className="icon-btn" aria-label={t('menu.withdraw')}>
          <Icon name="withdraw" />
        </Link>
      )}
      {offered('/m/webEmail') && (
        <Link to="/m/webEmail" className="icon-btn" aria-label={t('menu.inbox')}>
          <Icon name="mail" />
          {unreadCount > 0 && <span className="badge">{badgeText(unreadCount)}</span>}
        </Link>
      )}
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
