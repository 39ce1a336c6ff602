/**
 * `npm run play-engine -w @playhouse/bench`: how many rounds per second one core plays for each
 * in-house game, on three sources of randomness:
 *
 * - fast:   xoshiro128** (createFastDraw), the engine's own cost; the target is ≥ 1,000,000 rounds/s;
 * - fair:   the provably-fair stream (createFairDraw), a fresh seed stream per round as real play does;
 * - secure: the platform CSPRNG (createSecureDraw).
 *
 * Each cell is the median of 5 timed runs of BENCH_SECONDS (default 0.5 s) after a warm-up, in
 * this single thread, counted per second of this process's CPU time (process.cpuUsage, user +
 * system), which is what "per core" means and stays meaningful when other work shares the machine;
 * the wall-clock rate of the fast draw is printed beside it. Stake: the game's fourth stake;
 * options: each game's default bet. Figures only, no assertions.
 */
import { IN_HOUSE_MATHS } from '@playhouse/games/catalogue';
import { createFairDraw, createFastDraw, createSecureDraw, newServerSeed } from '@playhouse/games/fair-draw';
import type { Draw } from '@playhouse/games/game';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.5);
const RUNS = 5;
const TARGET = 1_000_000;

const OPTIONS: Record<string, unknown> = {
  DICE: { target: 50, direction: 'over' },
  COINFLIP: { side: 'heads' },
  WHEEL: { risk: 'low' },
};

type Source = 'fast' | 'fair' | 'secure';

/** A per-round draw factory: the fair stream needs a new nonce each round; the others are reused. */
function drawsFor(source: Source): () => Draw {
  if (source === 'fast') {
    const draw = createFastDraw(12345);
    return () => draw;
  }
  if (source === 'secure') {
    const draw = createSecureDraw();
    return () => draw;
  }
  const serverSeed = newServerSeed();
  let nonce = 0;
  return () => createFairDraw({ serverSeed, clientSeed: 'bench-client-seed', nonce: nonce++ });
}

/** Rounds per CPU-second and per wall-clock second of one timed run. */
function run(code: string, source: Source, seconds: number): { cpu: number; wall: number } {
  const game = IN_HOUSE_MATHS[code]!;
  const options: unknown = game.parseOptions(OPTIONS[code]);
  const stake = game.stakes[3]!;
  const next = drawsFor(source);
  let rounds = 0;
  let sink = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  // Check the clock every 1,000 rounds so timing stays out of the measured loop.
  while (now < end) {
    for (let i = 0; i < 1000; i++) sink += game.play(next(), stake, options).win;
    rounds += 1000;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpuStart);
  if (sink < 0) throw new Error('unreachable: keeps the results alive');
  return { cpu: (rounds * 1e6) / (cpu.user + cpu.system), wall: (rounds * 1000) / (now - start) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12);

const sources: Source[] = ['fast', 'fair', 'secure'];
console.info(
  `play engine: rounds per CPU-second on one core, median of ${RUNS} runs of ${SECONDS}s (node ${process.version})`,
);
console.info(
  `${'game'.padEnd(10)}${sources.map((s) => s.padStart(12)).join('')}${'fast (wall)'.padStart(14)}   target (fast) ${TARGET.toLocaleString('en-US')}`,
);
const below: string[] = [];
for (const code of Object.keys(IN_HOUSE_MATHS)) {
  const cells: number[] = [];
  let wall = 0;
  for (const source of sources) {
    run(code, source, Math.min(0.3, SECONDS)); // warm-up: let the JIT settle
    const runs = Array.from({ length: RUNS }, () => run(code, source, SECONDS));
    cells.push(median(runs.map((r) => r.cpu)));
    if (source === 'fast') wall = median(runs.map((r) => r.wall));
  }
  const meets = cells[0]! >= TARGET;
  if (!meets) below.push(code);
  console.info(
    `${code.padEnd(10)}${cells.map(fmt).join('')}${fmt(wall).padStart(14)}   ${meets ? 'meets' : 'BELOW'}`,
  );
}
console.info(
  below.length
    ? `below target with the fast draw: ${below.join(', ')}`
    : 'every game meets the target with the fast draw',
);
