import type { Game } from '@playhouse/contract/games';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { useSession } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import { languageParam, withQuery } from './query-string.ts';

interface LaunchResult {
  url: string;
  nodeId: number;
  gameCode: string;
  vassalage: string;
}

type Launchable = Pick<Game, 'nodeId' | 'vassalage'> & { gameCode?: string; gameType?: string };

/**
 * Launches a game (GET /wps/game/launchGame) and opens the URL it returns. Guests go to log in; a
 * vendor without credentials answers VENDOR_NOT_CONNECTED, shown as its localized message.
 */
export function useLaunchGame(): (game: Launchable) => Promise<void> {
  const session = useSession();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  return useCallback(
    async (game) => {
      if (!session) {
        void navigate('/m/login');
        return;
      }
      const playType = game.gameType === 'LOTT' ? 'trad' : game.gameType === 'ELOTT' ? 'ent' : undefined;
      try {
        const result = await apiFetch<LaunchResult>(
          withQuery('/wps/game/launchGame', {
            nodeId: game.nodeId,
            vassalage: game.vassalage,
            language: languageParam(i18n.language),
            platform: 'html5',
            playType,
          }),
        );
        window.location.assign(result.url);
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        showToast(message, { kind: 'error' });
      }
    },
    [session, navigate, i18n],
  );
}
