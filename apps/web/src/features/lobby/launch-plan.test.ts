import { describe, expect, it } from 'vitest';
import { lotteryPlayType, needsPrizeSettings, openTarget, planLaunch, returnPath } from './launch-plan.ts';

const both = { prizeMode: 'Elott', prizeModes: ['Lott', 'ZY', 'Elott'] };

describe('planLaunch', () => {
  it('sends a vendor tile to its provider list', () => {
    expect(planLaunch({ vassalage: 'LVC' })).toEqual({
      kind: 'vendor',
      vassalage: 'LVC',
      to: '/m/provider?vassalage=LVC',
    });
    expect(planLaunch({ vassalage: 'A&B' })).toMatchObject({ to: '/m/provider?vassalage=A%26B' });
  });

  it('launches an ordinary game by node id with no lottery parameters', () => {
    expect(planLaunch({ nodeId: 7, vassalage: 'JILI', gameType: 'RNG' }, both)).toEqual({
      kind: 'launch',
      query: { nodeId: 7, vassalage: 'JILI' },
    });
    expect(planLaunch({ gameCode: 'JILI-001', vassalage: 'JILI' })).toEqual({
      kind: 'launch',
      query: { gameCode: 'JILI-001', vassalage: 'JILI' },
    });
  });

  it('launches TCG_SEA with prize mode SEA', () => {
    expect(planLaunch({ nodeId: 3, vassalage: 'TCG_SEA', gameType: 'ELOTT' }, both).kind).toBe('launch');
    expect(planLaunch({ nodeId: 3, vassalage: 'TCG_SEA', gameType: 'ELOTT' }, both)).toEqual({
      kind: 'launch',
      query: { nodeId: 3, vassalage: 'TCG_SEA', prizeMode: 'SEA', playType: 'ent' },
    });
  });

  it('launches TCG_LOTTO_VN by its game code as a traditional lottery', () => {
    expect(
      planLaunch({ nodeId: 9, gameCode: 'VN-HN', vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' }, both),
    ).toEqual({
      kind: 'launch',
      query: { nodeId: 9, gameCode: 'VN-HN', vassalage: 'TCG_LOTTO_VN', playType: 'trad' },
    });
  });

  it('gives lottery and e-lottery games their play type', () => {
    expect(planLaunch({ nodeId: 1, vassalage: 'LTO', gameType: 'LOTT' }, both)).toMatchObject({
      query: { playType: 'trad' },
    });
    expect(planLaunch({ nodeId: 2, vassalage: 'ELT', gameType: 'ELOTT' }, both)).toMatchObject({
      query: { playType: 'ent' },
    });
    // The game's own mode wins over its type's.
    expect(
      planLaunch({ nodeId: 2, vassalage: 'ELT', gameType: 'ELOTT', lottoMode: 'trad' }, both),
    ).toMatchObject({ query: { playType: 'trad' } });
  });
});

describe('lotteryPlayType', () => {
  it('keeps the wanted play type when the operator offers it or names none', () => {
    expect(lotteryPlayType('trad', both)).toBe('trad');
    expect(lotteryPlayType('ent', { prizeMode: 'ZY', prizeModes: ['ZY'] })).toBe('ent');
    expect(lotteryPlayType('ent', undefined)).toBe('ent');
  });

  it("falls back to the operator's prize mode, then to the first it offers", () => {
    expect(lotteryPlayType('ent', { prizeMode: 'Lott', prizeModes: ['Lott'] })).toBe('trad');
    expect(lotteryPlayType('trad', { prizeMode: 'ZY', prizeModes: ['ZY', 'Elott'] })).toBe('ent');
    expect(lotteryPlayType(undefined, { prizeMode: 'Elott', prizeModes: ['Elott'] })).toBe('ent');
  });
});

describe('needsPrizeSettings', () => {
  it('asks for prize modes only for lottery launches', () => {
    expect(needsPrizeSettings({ vassalage: 'JILI', gameType: 'RNG' })).toBe(false);
    expect(needsPrizeSettings({ vassalage: 'LTO', gameType: 'LOTT' })).toBe(true);
    expect(needsPrizeSettings({ vassalage: 'TCG_SEA' })).toBe(true);
    expect(needsPrizeSettings({ vassalage: 'TCG_LOTTO_VN' })).toBe(true);
  });
});

describe('openTarget', () => {
  const origin = 'https://play.example.com';
  it('opens our own games in this tab', () => {
    expect(openTarget('/play/BGS-DICE?lang=EN', { origin, wide: true })).toEqual({
      kind: 'page',
      url: 'https://play.example.com/play/BGS-DICE?lang=EN',
    });
  });

  it("opens another site's game in this tab on a phone and in a new window on a wide screen", () => {
    const url = 'https://games.vendor.example/demo/play?token=x';
    expect(openTarget(url, { origin, wide: false })).toEqual({ kind: 'page', url });
    expect(openTarget(url, { origin, wide: true })).toEqual({ kind: 'window', url });
  });
});

describe('returnPath', () => {
  it('comes back to the lobby page the game was opened from, else home', () => {
    expect(returnPath({ pathname: '/m/provider', search: '?vassalage=JILI' })).toBe(
      '/m/provider?vassalage=JILI',
    );
    expect(returnPath({ pathname: '/m', search: '' })).toBe('/m');
    expect(returnPath({ pathname: '/play/X', search: '' })).toBe('/m/home');
    expect(returnPath({ pathname: '/m/home', search: `?q=${'x'.repeat(600)}` })).toBe('/m/home');
  });
});
