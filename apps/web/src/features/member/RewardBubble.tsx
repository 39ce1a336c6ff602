import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routeFor } from '../../app/routes.ts';
import { apiFetch } from '../../lib/api.ts';
import { badgeText } from '../../lib/timing.ts';
import { useSession } from '../../session/session.ts';

/**
 * Unclaimed rewards (spec §3 "Rewards: unclaimed promos total"), from the reward centre's summary.
 * Shown only with a session and a positive count; counts above 99 read 99+ (spec §2).
 */
export function RewardBubble() {
  const { t } = useTranslation('member');
  const session = useSession();
  const { data } = useQuery({
    queryKey: ['member', 'rewards-summary'],
    // Not until the reward centre exists (its route is declared pending): no request to nowhere.
    enabled: Boolean(session) && !routeFor('/m/rewardCenter')?.pending,
    retry: false,
    queryFn: () => apiFetch<{ unclaimed: number }>('/wps/rewards/summary'),
  });
  const count = data?.unclaimed ?? 0;
  if (!session || count <= 0) return null;
  return (
    <span className="mc-bubble" aria-label={t('mine.rewards', { count })}>
      {badgeText(count)}
    </span>
  );
}
