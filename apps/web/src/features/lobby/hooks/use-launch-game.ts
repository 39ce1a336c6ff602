import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { updateGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import {
  needsPrizeSettings,
  openTarget,
  planLaunch,
  returnPath,
  type LaunchTarget,
  type PrizeSettings,
} from '../launch-plan.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

interface LaunchResult {
  url: string;
  nodeId: number;
  gameCode: string;
  vassalage: string;
  freeplay: boolean;
  demo: boolean;
}

/** Spec §6 / §9: free play refused to trial and other member types shows a 2 s toast. */
const FREE_REJECT_TOAST_MS = 2000;
/** A screen wide enough to keep the lobby open beside a game window. */
const WIDE_SCREEN = '(min-width: 1024px) and (hover: hover)';

/** The operator's lottery prize modes, read once from the consolidated settings when a lottery opens. */
const PRIZE_SETTINGS_KEY = ['system', 'prize-settings'] as const;

/**
 * Opens a game or a vendor tile (spec §2 launch special cases, see planLaunch): a vendor tile goes
 * to its provider list; a game launches (GET /wps/game/launchGame, real money, or play money with
 * `playMoney`) and opens full screen (see openTarget): our own games and, on a phone, other sites'
 * games in this tab, with this page as the address to come back to; on a wide screen other sites'
 * games in a new window, with the spec's popup-blocked message when the browser refuses it. Guests
 * go to log in; refusals (VENDOR_NOT_CONNECTED, FREE_REJECT…) show as their localized message.
 */
export function useLaunchGame(): (
  target: LaunchTarget & {
    gameCategory?: string;
    /** Free play with play money (not a Game's `freeplay`, which says the game offers it). */
    playMoney?: boolean;
  },
) => Promise<void> {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('lobby');
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
            ...(target.playMoney ? { freeplay: 1 } : {}),
            language: languageParam(i18n.language),
            platform: 'html5',
            returnUrl: returnPath(window.location),
          }),
        );
        // An in-house game is a screen of this site: opened in place, so the way back is one step.
        if (result.url.startsWith('/play/')) {
          void navigate(result.url);
          return;
        }
        const open = openTarget(result.url, {
          origin: window.location.origin,
          wide: window.matchMedia(WIDE_SCREEN).matches,
        });
        if (open.kind === 'page') {
          window.location.assign(open.url);
          return;
        }
        const opened = window.open(open.url, '_blank');
        if (!opened) showToast(t('launch.popupBlocked'), { kind: 'error' });
        // The game runs beside the lobby: the balance is fetched again when the player comes back.
        else void queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        const rejected = error instanceof ApiError && error.code === 'FREE_REJECT';
        showToast(message, { kind: 'error', ...(rejected ? { durationMs: FREE_REJECT_TOAST_MS } : {}) });
      }
    },
    [session, navigate, queryClient, i18n, t],
  );
}
