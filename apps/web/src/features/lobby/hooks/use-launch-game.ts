import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { updateGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import { needsPrizeSettings, planLaunch, type LaunchTarget, type PrizeSettings } from '../launch-plan.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

interface LaunchResult {
  url: string;
  nodeId: number;
  gameCode: string;
  vassalage: string;
}

/** The operator's lottery prize modes, read once from the consolidated settings when a lottery opens. */
const PRIZE_SETTINGS_KEY = ['system', 'prize-settings'] as const;

/**
 * Opens a game or a vendor tile (spec §2 launch special cases, see planLaunch): a vendor tile goes
 * to its provider list; a game launches (GET /wps/game/launchGame) and the browser opens the URL it
 * returns. Guests go to log in; a vendor without credentials answers VENDOR_NOT_CONNECTED, shown as
 * its localized message.
 */
export function useLaunchGame(): (target: LaunchTarget & { gameCategory?: string }) => Promise<void> {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useCallback(
    async (target) => {
      const direct = planLaunch(target);
      if (direct.kind === 'vendor') {
        const category = target.gameCategory ?? target.gameType;
        updateGameFilter({
          ...(category ? { gameType: category === 'BINGO' ? 'RNG' : category } : {}),
          vassalage: direct.vassalage,
          category: 'ALL',
        });
        void navigate(direct.to);
        return;
      }
      if (!session) {
        void navigate('/m/login');
        return;
      }
      try {
        const settings = needsPrizeSettings(target)
          ? await queryClient.fetchQuery({
              queryKey: PRIZE_SETTINGS_KEY,
              queryFn: () => apiFetch<PrizeSettings>('/wps/system/settings/consolidated'),
              staleTime: 5 * 60_000,
            })
          : undefined;
        const plan = planLaunch(target, settings);
        if (plan.kind !== 'launch') return;
        const result = await apiFetch<LaunchResult>(
          withQuery('/wps/game/launchGame', {
            ...plan.query,
            language: languageParam(i18n.language),
            platform: 'html5',
          }),
        );
        window.location.assign(result.url);
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        showToast(message, { kind: 'error' });
      }
    },
    [session, navigate, queryClient, i18n],
  );
}
