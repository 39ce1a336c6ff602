import type { Game } from '@playhouse/contract/games';
import { describe, expect, it } from 'vitest';
import {
  filterHotGames,
  firstRows,
  gameListParams,
  tileTheme,
  visibleHotGames,
  withoutGame,
} from './game-lists.ts';

const game = (nodeId: number, gameName: string, gameType: string, vassalage: string, gameClassify = '') =>
  ({ nodeId, gameName, gameType, vassalage, gameClassify }) as Game;

const hot = [
  game(1, 'Fortune Gems', 'RNG', 'JILI'),
  game(2, 'Ocean King', 'FISH', 'JILI'),
  game(3, 'Bingo Star', 'RNG', 'JILI', 'BG'),
  game(4, 'Lucky Crash', 'INHOUSE', 'BGS'),
  game(5, 'Mines', 'RNG', 'BGS'),
  game(6, 'Golden FORTUNE', 'RNG', 'FC'),
];

describe('hot games', () => {
  it('filters by type, with bingo as classification BG and in-house limited to BGS', () => {
    const ids = (gameType: string) =>
      filterHotGames(hot, { gameType, vassalage: '', searchName: '' }).map((g) => g.nodeId);
    expect(ids('ALL')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids('RNG')).toEqual([1, 3, 5, 6]);
    expect(ids('FISH')).toEqual([2]);
    expect(ids('BINGO')).toEqual([3]);
    expect(ids('INHOUSE')).toEqual([4, 5]);
  });
  it('searches names case-insensitively and by vendor', () => {
    const found = filterHotGames(hot, { gameType: 'ALL', vassalage: '', searchName: 'fortune' });
    expect(found.map((g) => g.nodeId)).toEqual([1, 6]);
    const fc = filterHotGames(hot, { gameType: 'ALL', vassalage: 'FC', searchName: 'FORT' });
    expect(fc.map((g) => g.nodeId)).toEqual([6]);
  });
  it('shows 6 until expanded, and every match while searching', () => {
    const many = Array.from({ length: 10 }, (_, i) => i);
    expect(visibleHotGames(many, false, false)).toHaveLength(6);
    expect(visibleHotGames(many, true, false)).toHaveLength(10);
    expect(visibleHotGames(many, false, true)).toHaveLength(10);
  });
});

describe('game lists', () => {
  it('takes whole rows of three', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i);
    expect(firstRows(twenty, 3)).toHaveLength(9);
    expect(firstRows(twenty, 1)).toEqual([0, 1, 2]);
    expect(firstRows([1, 2], 2)).toEqual([1, 2]);
  });
  it('asks for bingo as RNG with classification BG, and leaves empty filters out', () => {
    expect(gameListParams({ gameType: 'BINGO', vassalage: '', classification: '', searchName: ' ' })).toEqual(
      { gameType: 'RNG', gameClassify: 'BG' },
    );
    expect(
      gameListParams({ gameType: 'RNG', vassalage: 'JILI', classification: 'NEW', searchName: 'gem' }),
    ).toEqual({ gameType: 'RNG', gameClassify: 'NEW', vassalage: 'JILI', gameName: 'gem' });
  });
  it('scatters themes 1 to 8 over games, the same for a game every time', () => {
    const themes = Array.from({ length: 64 }, (_, i) => tileTheme(i + 1));
    expect(new Set(themes)).toEqual(new Set(Array.from({ length: 8 }, (_, i) => `theme-${i + 1}`)));
    // Neighbouring games rarely share a colour.
    const sameAsNext = themes.filter((theme, i) => theme === themes[i + 1]).length;
    expect(sameAsNext).toBeLessThan(8);
    expect(tileTheme(1234)).toBe(tileTheme(1234));
  });
  it('removes a favourite locally', () => {
    expect(withoutGame(hot, 3).map((g) => g.nodeId)).toEqual([1, 2, 4, 5, 6]);
  });
});
