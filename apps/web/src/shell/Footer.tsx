import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { apiFetch } from '../lib/api.ts';
import { badgeText } from '../lib/timing.ts';
import { useMemberType, useSession } from '../session/session.ts';
import { Icon, type IconName } from './Icon.tsx';
import { useSiteStatus } from '../status/site-status.ts';
import { referralOffered, useRouteOffered } from './route-flags.ts';

const TABS: { to: string; icon: IconName; label: string; also?: string[] }[] = [
  { to: '/m/home', icon: 'home', label: 'footer.home' },
  { to: '/m/activity', icon: 'gift', label: 'footer.promotion' },
  { to: '/m/voucherCenter', icon: 'wallet', label: 'footer.deposit' },
  { to: '/m/inviteFriends', icon: 'invite', label: 'footer.invite' },
  { to: '/m/mine', icon: 'user', label: 'footer.mine' },
];

/**
 * Rewards claimable now (GET /wps/rewards/summary), only with a session and the reward centre on.
 * The Mine page's bubble reads the same cache entry (features/member/RewardBubble.tsx).
 */
function useUnclaimedRewards(offered: boolean): number {
  const session = useSession();
  const { data } = useQuery({
    queryKey: ['member', 'rewards-summary'],
    enabled: Boolean(session) && offered,
    retry: false,
    queryFn: () => apiFetch<{ unclaimed: number }>('/wps/rewards/summary'),
  });
  return session && offered ? (data?.unclaimed ?? 0) : 0;
}

/** Bottom navigation on every page; the member centre tab carries the count of claimable rewards. */
export function Footer() {
  const { t } = useTranslation();
  const offered = useRouteOffered();
  const rewards = useUnclaimedRewards(offered('/m/rewardCenter'));
  const memberType = useMemberType();
  const info = useSiteStatus()?.info;
  return (
    <nav className="app-footer" aria-label={t('footer.label')}>
      {TABS.filter(
        (tab) => offered(tab.to) && (tab.to !== '/m/inviteFriends' || referralOffered(memberType, info)),
      ).map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="footer-tab">
          <Icon name={tab.icon} />
          {tab.to === '/m/mine' && rewards > 0 && (
            <span className="badge footer-badge" data-testid="footer-rewards" aria-hidden="true">
              {badgeText(rewards)}
            </span>
          )}
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
