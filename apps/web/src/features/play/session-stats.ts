/**
 * The game screen's running figures (money.md "Player protection"): how long this visit has lasted
 * and its net position, from the rounds played in it. Amounts are integer minor units.
 */
export interface SessionStats {
  startedAt: number;
  rounds: number;
  staked: number;
  won: number;
}

export const startSession = (now: number): SessionStats => ({ startedAt: now, rounds: 0, staked: 0, won: 0 });

export function addRound(stats: SessionStats, stake: number, win: number): SessionStats {
  return { ...stats, rounds: stats.rounds + 1, staked: stats.staked + stake, won: stats.won + win };
}

export const netOf = (stats: SessionStats): number => stats.won - stats.staked;

/** "4:05", "1:02:09": elapsed time as a clock reads it, the same in every language. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** When the next reality check is due: every `minutes` after the visit began, the first after `now`. */
export function nextRealityCheck(startedAt: number, minutes: number, now: number): number {
  const every = minutes * 60_000;
  return startedAt + (Math.floor(Math.max(0, now - startedAt) / every) + 1) * every;
}

/** "12.50" → 1250: an API amount as minor units (the API always sends two decimals). */
export function toMinor(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = '0'] = amount.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
  return negative ? -minor : minor;
}

/** 1250 → "12.50": minor units as the API's amount. */
export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * How long the reels keep spinning before they may stop: at least the operator's minimum spin time
 * counted from the tap, and never before the server's answer arrived.
 */
export function revealDelay(tappedAt: number, answeredAt: number, minSpinMs: number): number {
  return Math.max(0, tappedAt + minSpinMs - answeredAt);
}
