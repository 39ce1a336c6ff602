import type { OrderDetail } from '@playhouse/contract/play';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { useSession } from '../../../session/session.ts';

/**
 * A round of the member's as the bet record shows it (GET /lgw/orders/detail), for the fairness page
 * opened from it; the same cache entry as the bet record's detail.
 */
export function useRoundDetail(roundId: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['member', 'orders', 'detail', roundId],
    enabled: Boolean(session && roundId),
    queryFn: () => apiFetch<OrderDetail>(withQuery('/lgw/orders/detail', { roundId })),
    retry: false,
  });
}
