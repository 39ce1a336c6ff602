import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyResult, PromotionCard, PromotionList } from '@playhouse/contract/promotions';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';
import { useSession } from '../../../session/session.ts';

/** Promotions depend on the language and, signed in, on the member's applications. */
const PROMOTIONS_KEY = ['promotions'] as const;

/** Promotions running or coming (GET /wps/promotions), with the member's state on each. */
export function usePromotions() {
  const language = useContentLanguage();
  const session = useSession();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'list', language, session?.userName ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<PromotionList>(withQuery('/wps/promotions', { language: languageParam(language) }), {
        signal,
      }),
  });
}

/** One promotion (GET /wps/promotions/detail?id=). */
export function usePromotion(id: number | undefined) {
  const language = useContentLanguage();
  const session = useSession();
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'detail', id, language, session?.userName ?? ''],
    enabled: id !== undefined && Number.isSafeInteger(id) && id > 0,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<PromotionCard>(
        withQuery('/wps/promotions/detail', { id, language: languageParam(language) }),
        { signal },
      ),
  });
}

/** Applies for a promotion's bonus; promotions and the member's money are fetched again after. */
export function useApplyPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotionId: number) =>
      apiFetch<ApplyResult>('/wps/promotions/apply', { method: 'POST', body: { promotionId } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['member'] }),
      ]);
    },
  });
}
