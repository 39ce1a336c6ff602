import type { Banner } from '@playhouse/contract/content';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { updateGameFilter } from '../../../lib/game-filter.ts';
import { useLaunchGame } from './use-launch-game.ts';

/** What tapping a banner does, by its action type. */
export function useBannerAction(): (banner: Banner) => void {
  const navigate = useNavigate();
  const launch = useLaunchGame();
  return useCallback(
    (banner) => {
      const target = banner.actionTarget;
      switch (banner.actionType) {
        case 'ROUTE':
          if (target.startsWith('/')) void navigate(target);
          break;
        case 'URL':
          if (/^https?:\/\//.test(target)) window.open(target, '_blank', 'noopener');
          break;
        case 'GAME':
          if (Number(target) > 0) void launch({ nodeId: Number(target), vassalage: '' });
          break;
        case 'VENDOR':
          updateGameFilter({ vassalage: target, category: 'ALL' });
          void navigate(`/m/provider?vassalage=${encodeURIComponent(target)}`);
          break;
        case 'PROMOTION':
          void navigate(`/m/activityDetail?id=${encodeURIComponent(target)}`);
          break;
        default:
          break;
      }
    },
    [navigate, launch],
  );
}
