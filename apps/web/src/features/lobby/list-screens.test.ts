import { describe, expect, it } from 'vitest';
import {
  favouritesRouteOf,
  isTypeBanner,
  listScreenOf,
  routeChange,
  searchDataTypeOf,
  searchRouteOf,
  vendorCategoryOf,
} from './list-screens.ts';

describe('listScreenOf', () => {
  it('gives PVP, sports, RNG, fish and provider lists the vendor list screen', () => {
    for (const path of [
      '/m/poker-games',
      '/m/sport-games',
      '/m/slot-games',
      '/m/fishing-games',
      '/m/provider',
    ])
      expect(listScreenOf(path)).toBe('vendor');
  });
  it('gives live, lottery and e-lottery the game-centre screen', () => {
    for (const path of ['/m/live-games', '/m/lott', '/m/elott', '/m/gameCenter'])
      expect(listScreenOf(path)).toBe('centre');
  });
  it('gives search, favourites and hot games the search screen, with the data type of the path', () => {
    expect(listScreenOf('/m/search-games')).toBe('search');
    expect(listScreenOf('/m/fav-games')).toBe('search');
    expect(searchDataTypeOf('/m/search-games')).toBe('ALL');
    expect(searchDataTypeOf('/m/fav-games')).toBe('FAV');
    // The header menu's "Recent games" lists recent games, not a search (issue 17).
    expect(listScreenOf('/m/recent-games')).toBe('search');
    expect(routeChange('/m/recent-games', new URLSearchParams(), 'ALL')).toEqual({
      dataType: 'RECENT',
      category: 'RECENT',
    });
    expect(searchDataTypeOf('/m/hot-games')).toBe('HOT');
  });
});

describe('routeChange', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('reads the vendor of a provider list from the query', () => {
    expect(routeChange('/m/provider', q('vassalage=JILI'), 'RNG')).toEqual({ vassalage: 'JILI' });
    expect(routeChange('/m/provider', q(''), 'RNG')).toEqual({});
  });
  it('reads gameType on the search screen and derives the data type from the path', () => {
    expect(routeChange('/m/fav-games', q('gameType=FISH'), 'ALL')).toEqual({
      dataType: 'FAV',
      category: 'FAV',
      gameType: 'FISH',
    });
    expect(routeChange('/m/search-games', q('gameType=PVP'), 'ALL')).toEqual({
      dataType: 'ALL',
      category: 'SEARCH',
      gameType: 'PVP',
    });
  });
  it('switches type on a category route, keeping vendor and classification in the same one', () => {
    expect(routeChange('/m/live-games', q(''), 'RNG')).toEqual({
      gameType: 'LIVE',
      vassalage: '',
      classification: '',
    });
    expect(routeChange('/m/slot-games', q(''), 'RNG')).toEqual({});
  });
});

describe('routes of the vendor list shortcuts', () => {
  it('keeps the list type in the search and favourites routes (bingo is RNG)', () => {
    expect(searchRouteOf('FISH')).toBe('/m/search-games?gameType=FISH');
    expect(favouritesRouteOf('BINGO')).toBe('/m/fav-games?gameType=RNG');
    expect(searchRouteOf('ALL')).toBe('/m/search-games');
  });
});

describe('isTypeBanner', () => {
  it('matches m_{type}_{language} only', () => {
    expect(isTypeBanner('m_rng_EN', 'RNG', 'EN')).toBe(true);
    expect(isTypeBanner('m_rng_EN', 'BINGO', 'EN')).toBe(true);
    expect(isTypeBanner('m_rng_TY', 'RNG', 'EN')).toBe(false);
    expect(isTypeBanner('m_live_EN', 'RNG', 'EN')).toBe(false);
    expect(isTypeBanner('m_game', 'RNG', 'EN')).toBe(false);
    expect(isTypeBanner('m_rng_EN', 'INHOUSE', 'EN')).toBe(false);
    expect(isTypeBanner('m_pvp_PT-BR', 'PVP', 'PSEUDO')).toBe(true);
  });
});

describe('vendorCategoryOf', () => {
  const categories = [
    { gameCategory: 'BINGO', vendors: [{ vassalage: 'BNG' }] },
    { gameCategory: 'RNG', vendors: [{ vassalage: 'JILI' }] },
    { gameCategory: 'FISH', vendors: [{ vassalage: 'JILI' }, { vassalage: 'FSH' }] },
  ];
  it("gives a vendor's first category in lobby order, bingo as RNG", () => {
    expect(vendorCategoryOf(categories, 'JILI')).toBe('RNG');
    expect(vendorCategoryOf(categories, 'FSH')).toBe('FISH');
    expect(vendorCategoryOf(categories, 'BNG')).toBe('RNG');
    expect(vendorCategoryOf(categories, 'NOPE')).toBeUndefined();
    expect(vendorCategoryOf(undefined, 'JILI')).toBeUndefined();
  });
});
