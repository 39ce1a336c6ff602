import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScrollLock } from '../lib/scroll-lock.ts';
import { badgeText } from '../lib/timing.ts';
import { useMemberType, useSession, useUnreadCount } from '../session/session.ts';
import { useBalance } from './balance.ts';
import { Icon, type IconName } from './Icon.tsx';
import { useSiteStatus } from '../status/site-status.ts';
import { referralOffered, useRouteOffered } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

interface Item {
  key: string;
  icon: IconName;
  label: string;
  /** The screen it opens, when it opens one: left out when the site does not offer it. */
  to?: string;
  memberOnly?: boolean;
  /** What it does; opening `to` (signed in) when not given. */
  run?: () => void;
}

/** The header's drop-down menu (spec §2, Header and menus). */
export default function HeaderMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const memberType = useMemberType();
  const balance = useBalance();
  const { open, close } = useShell();
  const offered = useRouteOffered();
  const info = useSiteStatus()?.info;
  const unread = useUnreadCount().data?.inbox ?? 0;
  useScrollLock(true);
  const go =
    (path: string, memberOnly = true) =>
    () => {
      close();
      navigate(!session && memberOnly ? '/m/login' : path);
    };
  const items: Item[] = [
    { key: 'deposit', icon: 'wallet', label: t('menu.deposit'), to: '/m/voucherCenter' },
    { key: 'invite', icon: 'invite', label: t('menu.invite'), to: '/m/inviteFriends' },
    { key: 'withdraw', icon: 'withdraw', label: t('menu.withdraw'), to: '/m/withdraw' },
    {
      key: 'refresh',
      icon: 'refresh',
      label: t('menu.refreshBalance'),
      memberOnly: true,
      run: () => void balance.refresh(),
    },
    {
      key: 'toggle',
      icon: balance.hidden ? 'eye' : 'eyeOff',
      label: balance.hidden ? t('menu.showBalance') : t('menu.hideBalance'),
      memberOnly: true,
      run: balance.toggle,
    },
    { key: 'recent', icon: 'clock', label: t('menu.recentGames'), to: '/m/recent-games' },
    {
      key: 'feedback',
      icon: 'feedback',
      label: t('menu.feedback'),
      to: '/m/feedback',
      run: go('/m/feedback', false),
    },
    { key: 'inbox', icon: 'mail', label: t('menu.inbox'), to: '/m/webEmail' },
    {
      key: 'language',
      icon: 'globe',
      label: t('menu.language'),
      run: () => open('side', { language: true }),
    },
    { key: 'logout', icon: 'logout', label: t('menu.logout'), memberOnly: true, run: () => open('logout') },
  ];
  return (
    <div className="backdrop backdrop-clear" onClick={close}>
      <div className="dropdown" role="menu" onClick={(e) => e.stopPropagation()}>
        {items
          .filter((item) => (!item.memberOnly || session) && (!item.to || offered(item.to)))
          .filter((item) => item.key !== 'invite' || referralOffered(memberType, info))
          .map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className="dropdown-item"
              onClick={item.run ?? go(item.to!)}
            >
              <Icon name={item.icon} size={20} />
              <span>{item.label}</span>
              {item.key === 'inbox' && session && unread > 0 && (
                <span className="badge">{badgeText(unread)}</span>
              )}
            </button>
          ))}
      </div>
    </div>
  );
}
