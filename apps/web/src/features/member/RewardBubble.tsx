import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api.ts';
import { badgeText } from '../../lib/timing.ts';
import { useSession } from '../../session/session.ts';
import { useRouteOffered } from '../../shell/route-flags.ts';

/**
 * Unclaimed rewards (spec §3 "Rewards: unclaimed promos total"), from the reward centre's summary.
 * Shown only with a session and a positive count; counts above 99 read 99+ (spec §2).
 */
export function RewardBubble() {
  const { t } = useTranslation('member');
  const session = useSession();
  // Only while the operator offers the reward centre (REWCEN3): its API refuses otherwise.
  const offered = useRouteOffered()('/m/rewardCenter');
  const { data } = useQuery({
    queryKey: ['member', 'rewards-summary'],
    enabled: Boolean(session) && offered,
    retry: false,
    queryFn: () => apiFetch<{ unclaimed: number }>('/wps/rewards/summary'),
  });
  const count = data?.unclaimed ?? 0;
  if (!session || !offered || count <= 0) return null;
  return (
    <span className="mc-bubble" aria-label={t('mine.rewards', { count })}>
      {badgeText(count)}
    </span>
  );
}
