import { createInstance, type TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameInfo } from '@playhouse/contract/play';
import { roundOutcome } from '@playhouse/contract/round-outcome';
import { CASCADE } from '@playhouse/games/cascade';
import { COINFLIP } from '@playhouse/games/coinflip';
import { DICE } from '@playhouse/games/dice';
import { createFastDraw } from '@playhouse/games/fair-draw';
import type { GameMaths } from '@playhouse/games/game';
import { JUNGLE } from '@playhouse/games/jungle';
import { SEVENS, SEVENS_PAYLINES } from '@playhouse/games/sevens';
import { WHEEL } from '@playhouse/games/wheel';
import { readCatalogue } from '@playhouse/i18n/node-catalogue';
import { toView } from '../adapters.ts';
import { fromMinor } from '../session-stats.ts';
import { resultOf, RoundStage, WinMeter } from './RoundStage.tsx';

/**
 * Every in-house game, with real rounds of its own maths: a round that returned less than its
 * stake renders no win styling (no win banner, no gold meter, no glowing cells, no win sound) and
 * says what came back; a round that returned more renders them.
 */

const i18n = createInstance();
let t: TFunction<'play'>;
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['play'],
    defaultNS: 'play',
    resources: { en: { play: readCatalogue('EN', 'play') } },
    interpolation: { escapeValue: false },
  });
  t = i18n.getFixedT('en', 'play') as TFunction<'play'>;
});

function infoOf(maths: GameMaths, meta: Record<string, unknown> = {}): GameInfo {
  return {
    gameCode: maths.code as GameInfo['gameCode'],
    name: maths.code,
    kind: maths.kind,
    rtp: maths.rtp,
    rtpExact: maths.rtpExact,
    hitRate: maths.hitRate,
    maxMultiplier: maths.maxMultiplier,
    paytable: maths.paytable.map((row) => ({ ...row, pays: Object.fromEntries(Object.entries(row.pays)) })),
    stakes: maths.stakes.map(fromMinor),
    currency: 'PHP',
    meta,
    safety: { minSpinMs: 2500, autoplay: false, realityCheckMinutes: null },
    jackpot: { contributionBps: 0, oddsPerMinorUnit: 0 },
  };
}

const STAKE = 500;

/** Plays real rounds of the maths until one's return (minor units) satisfies `wanted`. */
function findRound(maths: GameMaths, options: unknown, wanted: (win: number) => boolean) {
  const draw = createFastDraw(20261128);
  for (let i = 0; i < 500_000; i++) {
    const outcome = maths.play(draw, STAKE, maths.parseOptions(options));
    if (wanted(outcome.win))
      return {
        result: outcome.result,
        win: fromMinor(outcome.win),
        stake: fromMinor(STAKE),
        minor: outcome.win,
      };
  }
  throw new Error('no such round');
}

const money = (minor: number) => `₱${(minor / 100).toFixed(2)}`;

/** The game screen's stage and win meter for a round that has been shown. */
function renderSettled(info: GameInfo, round: ReturnType<typeof findRound>) {
  const view = toView(info, round);
  const outcome = roundOutcome(STAKE, round.minor);
  const said = resultOf(t, outcome, { win: money(round.minor), stake: money(STAKE) }, 'live');
  // A slot is checked on a frame that paid (a cascade's last tumble pays nothing).
  const frame =
    view.kind === 'slot' ? (view.frames.find((f) => f.wins.length > 0) ?? view.frames.at(-1)) : undefined;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RoundStage
        info={info}
        view={view}
        frame={frame}
        spinning={[]}
        spinCount={1}
        dropKey="k"
        banner={said.banner}
        outcome={outcome}
        money={money}
      />
      <WinMeter amount={round.minor} outcome={outcome} money={money} />
    </I18nextProvider>,
  ).replace(/[\u2068\u2069]/g, '');
  return { html, sound: said.sound, frame };
}

/** Anything on the stage that reads as a win. */
const WIN_STYLING = /pl-banner-win|pl-meter-win|is-win\b|is-won\b|You won|Big win/;

const GAMES: {
  name: string;
  info: GameInfo;
  options?: unknown;
  /** Whether the maths can return something below the stake (slots paying a small line, the 0.5× wheel). */
  partial: boolean;
}[] = [
  { name: 'SEVENS', info: infoOf(SEVENS, { reels: 3, rows: 3, paylines: SEVENS_PAYLINES }), partial: true },
  { name: 'JUNGLE', info: infoOf(JUNGLE, { reels: 5, rows: 3 }), partial: true },
  { name: 'CASCADE', info: infoOf(CASCADE, { reels: 4, rows: 3 }), partial: true },
  { name: 'WHEEL', info: infoOf(WHEEL), options: { risk: 'low' }, partial: true },
  { name: 'DICE', info: infoOf(DICE), options: { target: 50, direction: 'over' }, partial: false },
  { name: 'COINFLIP', info: infoOf(COINFLIP), options: { side: 'heads' }, partial: false },
];

describe.each(GAMES)('$name: a loss is never shown as a win', ({ info, options, partial }) => {
  it('a round returning less than its stake renders no win styling and says what came back', () => {
    const maths = { SEVENS, JUNGLE, CASCADE, WHEEL, DICE, COINFLIP }[info.gameCode as string] as GameMaths;
    const round = findRound(maths, options, partial ? (w) => w > 0 && w < STAKE : (w) => w < STAKE);
    const { html, sound, frame } = renderSettled(info, round);
    expect(html).not.toMatch(WIN_STYLING);
    expect(sound === 'win' || sound === 'bigWin').toBe(false);
    expect(html).toContain('pl-meter-loss');
    if (partial) {
      expect(html).toContain(`Returned ₱${round.win} of ₱5.00`);
      expect(html).toContain('pl-banner-loss');
      // Slots show which line paid, outlined, with its amount in plain text, not gold.
      if (frame) expect(html).toMatch(/is-paid/);
      if (frame) expect(html).toContain('pl-wins is-loss');
    }
  });

  it('a round returning more than its stake renders win styling', () => {
    const maths = { SEVENS, JUNGLE, CASCADE, WHEEL, DICE, COINFLIP }[info.gameCode as string] as GameMaths;
    const round = findRound(maths, options, (w) => w > STAKE && w < STAKE * 10);
    const { html, sound, frame } = renderSettled(info, round);
    expect(html).toContain('pl-banner-win');
    expect(html).toContain(`You won ₱${round.win}`);
    expect(html).toContain('pl-meter-win');
    expect(sound).toBe('win');
    if (frame) expect(html).toMatch(/is-win\b/);
    else expect(html).toMatch(/is-won\b/);
  });
});

describe('the stake coming back', () => {
  it('is neither a win nor a loss', () => {
    const said = resultOf(t, 'even', { win: '₱5.00', stake: '₱5.00' }, 'live');
    expect(said.banner?.tone).toBe('info');
    expect(said.banner?.text).not.toMatch(/won/i);
    expect(said.sound).not.toBe('win');
  });
  it('a replay of a partial return says it returned less than the stake', () => {
    const said = resultOf(t, 'partial', { win: '₱4.00', stake: '₱5.00' }, 'replay');
    expect(said.banner?.text).not.toMatch(/won/i);
    expect(said.banner?.text).toContain('₱4.00');
  });
});
