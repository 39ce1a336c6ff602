import { describe, expect, it } from 'vitest';
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, GAME_CATEGORIES } from '@playhouse/contract/games';
import { DEMO_VENDORS, generateCatalogue } from './catalogue-data.ts';
import { escapeXml, gameArt, wrapWords } from './game-art.ts';

// Well-known titles of real studios: the generated catalogue must never reproduce one.
const REAL_TITLES = [
  'fortune tiger',
  'sweet bonanza',
  'gates of olympus',
  'super ace',
  'money coming',
  'mahjong ways',
  'wild west gold',
  'book of dead',
  'starburst',
  'crystal quest',
  'wolf gold',
  'big bass bonanza',
  'golden empire',
  'boxing king',
  'fortune gems',
  'crazy time',
  'lightning roulette',
  'aviator',
];

describe('generated catalogue', () => {
  const games = generateCatalogue();

  it('is the same on every run', () => {
    expect(generateCatalogue()).toEqual(games);
  });

  it('has 650+ games over 20+ vendors, every category, unique codes and names', () => {
    expect(games.length).toBeGreaterThanOrEqual(650);
    expect(DEMO_VENDORS.length).toBeGreaterThanOrEqual(20);
    for (const category of GAME_CATEGORIES)
      expect(
        games.some((g) => g.category === category),
        category,
      ).toBe(true);
    expect(new Set(games.map((g) => g.code)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.name.toLowerCase())).size).toBe(games.length);
    for (const code of [...ESPORTS_VENDORS, ...COCKFIGHT_VENDORS]) {
      expect(DEMO_VENDORS.find((v) => v.code === code)?.category).not.toBe('SPORTS');
    }
  });

  it('stores bingo as RNG + BG and marks some games new and hot', () => {
    const bingo = games.filter((g) => g.category === 'BINGO');
    expect(bingo.every((g) => g.gameType === 'RNG' && g.classify === 'BG')).toBe(true);
    expect(games.filter((g) => g.isNew).length).toBeGreaterThan(20);
    const hot = games.filter((g) => g.hotRank > 0);
    expect(new Set(hot.map((g) => g.hotRank)).size).toBe(hot.length);
    expect(
      hot.filter((g) => g.category === 'RNG').every((g) => ['JILI', 'FC', 'PGE'].includes(g.vendorCode)),
    ).toBe(true);
  });

  it('uses no real title', () => {
    const names = new Set(games.map((g) => g.name.toLowerCase()));
    for (const title of REAL_TITLES) expect(names.has(title), title).toBe(false);
  });
});

describe('game art', () => {
  it('escapes names and wraps them to two lines', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    expect(wrapWords('Velvet Lagoon Expedition Deluxe Edition', 16, 2)).toEqual([
      'Velvet Lagoon',
      'Expedition…',
    ]);
    const svg = gameArt('X-1', 'A <b> & "c"', 'V');
    expect(svg).not.toContain('<b>');
    expect(svg).toBe(gameArt('X-1', 'A <b> & "c"', 'V'));
    expect(gameArt('X-2', 'A', 'V')).not.toBe(gameArt('X-1', 'A', 'V'));
  });
});
