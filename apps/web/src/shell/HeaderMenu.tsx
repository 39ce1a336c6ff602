import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateGameFilter } from '../lib/game-filter.ts';
import { useScrollLock } from '../lib/scroll-lock.ts';
import { useSession } from '../session/session.ts';
import { useBalance } from './balance.ts';
import { Icon, type IconName } from './Icon.tsx';
import { useShell } from './shell-state.tsx';

interface Item {
  key: string;
  icon: IconName;
  label: string;
  memberOnly?: boolean;
  run: () => void;
}

/** The header's drop-down menu (spec §2, Header and menus). */
export default function HeaderMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const balance = useBalance();
  const { open, close } = useShell();
  useScrollLock(true);
  const go =
    (path: string, memberOnly = true) =>
    () => {
      close();
      navigate(!session && memberOnly ? '/m/login' : path);
    };
  const items: Item[] = [
    { key: 'deposit', icon: 'wallet', label: t('menu.deposit'), run: go('/m/voucherCenter') },
    { key: 'invite', icon: 'invite', label: t('menu.invite'), run: go('/m/inviteFriends') },
    { key: 'withdraw', icon: 'withdraw', label: t('menu.withdraw'), run: go('/m/withdraw') },
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
    {
      key: 'recent',
      icon: 'clock',
      label: t('menu.recentGames'),
      run: () => {
        updateGameFilter({ dataType: 'RECENT', category: 'RECENT' });
        go('/m/search-games')();
      },
    },
    { key: 'feedback', icon: 'feedback', label: t('menu.feedback'), run: go('/m/feedback', false) },
    { key: 'inbox', icon: 'mail', label: t('menu.inbox'), run: go('/m/webEmail') },
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
          .filter((item) => !item.memberOnly || session)
          .map((item) => (
            <button key={item.key} type="button" role="menuitem" className="dropdown-item" onClick={item.run}>
              <Icon name={item.icon} size={20} />
              <span>{item.label}</span>
            </button>
          ))}
      </div>
    </div>
  );
}
