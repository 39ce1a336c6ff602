import { useEffect, useRef, useState, type RefObject } from 'react';
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

/**
 * Which of the header's shortcuts are folded away: the row wraps those that do not fit onto a second
 * line, which is clipped, so the header gives way to a narrow screen, a wide font or large text rather
 * than pushing a button off the bar. Folded ones are hidden from taps, keys and screen readers; each
 * is also in the header's menu.
 */
function useFolded(row: RefObject<HTMLElement | null>, shown: string): ReadonlySet<string> {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const root = row.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setFolded((was) => {
          const next = new Set(was);
          for (const entry of entries) {
            const key = (entry.target as HTMLElement).dataset.shortcut!;
            if (entry.intersectionRatio > 0.99) next.delete(key);
            else next.add(key);
          }
          return next.size === was.size && [...next].every((key) => was.has(key)) ? was : next;
        }),
      { root, threshold: [0, 0.99, 1] },
    );
    for (const shortcut of root.querySelectorAll('[data-shortcut]')) observer.observe(shortcut);
    return () => observer.disconnect();
  }, [row, shown]);
  return folded;
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
  // The inbox link counts inbox messages; unread announcements are counted on the ticker.
  const unreadCount = unread.data?.inbox ?? 0;
  const shortcuts = [
    offered('/m/voucherCenter') && 'deposit',
    status?.info.whitelabel.DIRECTREG3 && offered('/m/withdraw') && 'withdraw',
    offered('/m/webEmail') && 'inbox',
  ].filter((key): key is string => Boolean(key));
  const row = useRef<HTMLDivElement>(null);
  const folded = useFolded(row, shortcuts.join());
  const fold = (key: string) =>
    folded.has(key) ? { 'data-folded': true, 'aria-hidden': true, tabIndex: -1 } : {};
  const badge = unreadCount > 0 && <span className="badge">{badgeText(unreadCount)}</span>;
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
      <div className="header-shortcuts" ref={row}>
        {shortcuts.includes('deposit') && (
          <Link
            to="/m/voucherCenter"
            className="icon-btn"
            aria-label={t('menu.deposit')}
            data-shortcut="deposit"
            {...fold('deposit')}
          >
            <Icon name="wallet" />
          </Link>
        )}
        {shortcuts.includes('withdraw') && (
          <Link
            to="/m/withdraw"
            className="icon-btn"
            aria-label={t('menu.withdraw')}
            data-shortcut="withdraw"
            {...fold('withdraw')}
          >
            <Icon name="withdraw" />
          </Link>
        )}
        {shortcuts.includes('inbox') && (
          <Link
            to="/m/webEmail"
            className="icon-btn"
            aria-label={t('menu.inbox')}
            data-shortcut="inbox"
            {...fold('inbox')}
          >
            <Icon name="mail" />
            {badge}
          </Link>
        )}
      </div>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('header.more')}
        onClick={() => open('dropdown')}
      >
        <Icon name="chevron" className="rot-90" />
        {/* The unread count moves here when the inbox shortcut is folded into the menu. */}
        {shortcuts.includes('inbox') && folded.has('inbox') && badge}
      </button>
    </div>
  );
}
