import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from './Icon.tsx';
import { useRouteOffered } from './route-flags.ts';

const TABS: { to: string; icon: IconName; label: string; also?: string[] }[] = [
  { to: '/m/home', icon: 'home', label: 'footer.home' },
  { to: '/m/activity', icon: 'gift', label: 'footer.promotion' },
  { to: '/m/voucherCenter', icon: 'wallet', label: 'footer.deposit' },
  { to: '/m/inviteFriends', icon: 'invite', label: 'footer.invite' },
  { to: '/m/mine', icon: 'user', label: 'footer.mine' },
];

/** Bottom navigation on every page. Reward badges arrive with the rewards feature. */
export function Footer() {
  const { t } = useTranslation();
  const offered = useRouteOffered();
  return (
    <nav className="app-footer" aria-label={t('footer.label')}>
      {TABS.filter((tab) => offered(tab.to)).map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="footer-tab">
          <Icon name={tab.icon} />
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
