import type { Game } from '@playhouse/contract/games';
import { memo, useState } from 'react';
import type { TFunction } from 'i18next';
import { Icon } from '../../../shell/Icon.tsx';
import defaultImage from '../assets/game-default.svg';
import { tileTheme } from '../game-lists.ts';

interface Props {
  game: Game;
  favourite: boolean;
  onFavourite: (game: Game) => void;
  onLaunch: (game: Game) => void;
  /** The first screenful loads its artwork eagerly. */
  eager?: boolean;
  /** The lobby's strings, from the grid (a new function when the language changes). */
  t: TFunction<'lobby'>;
}

/** A game: artwork (default image when it fails), name and favourite toggle; tap the art or name to play. */
export const GameTile = memo(function GameTile({ game, favourite, onFavourite, onLaunch, eager, t }: Props) {
  const [broken, setBroken] = useState(false);
  return (
    <div className={`game-tile ${tileTheme(game.nodeId)}`}>
      {/* The artwork and the name are one button: a tap on either plays. Its name, 'Play …', holds the
          visible name. */}
      <button
        type="button"
        className="game-launch"
        onClick={() => onLaunch(game)}
        aria-label={t('tile.play', { name: game.gameName })}
      >
        <span className="game-art">
          <img
            src={broken || !game.iconUrl ? defaultImage : game.iconUrl}
            alt=""
            width={game.iconWidth || 120}
            height={game.iconHeight || 120}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setBroken(true)}
          />
        </span>
        <span className="game-name" dir="auto">
          {game.gameName}
        </span>
      </button>
      {/* Outside the button, whose name is 'Play …': the visible flag would not match it. */}
      {game.gameClassify === 'NEW' && <span className="game-flag">{t('tile.new')}</span>}
      <button
        type="button"
        className={`fav-toggle${favourite ? ' is-on' : ''}`}
        aria-pressed={favourite}
        aria-label={
          favourite
            ? t('tile.unfavourite', { name: game.gameName })
            : t('tile.favourite', { name: game.gameName })
        }
        onClick={() => onFavourite(game)}
      >
        <Icon name="heart" size={16} />
      </button>
    </div>
  );
});
