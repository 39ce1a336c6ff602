import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM, startServerProcess } from './support.ts';
import { traceFigures, type Trace, type TraceFigures } from './trace-figures.ts';

/**
 * Runs Lighthouse (mobile preset, simulated throttling) against /m/home on a local server with the
 * built site and prints the category scores and the core timings. Target: performance ≥ 95.
 *
 * Scores move from run to run with whatever else the machine is doing, so it runs several times
 * (LIGHTHOUSE_RUNS, default 5) on a fresh browser each and reports the median run by performance,
 * as Lighthouse's own guidance on variability suggests. LIGHTHOUSE_JSON=path keeps that run's report,
 * LIGHTHOUSE_TRACE=path its trace. Next to each score it prints figures read from the run's trace
 * (trace-figures.ts) that move less with the machine's load: the CPU time the page's main thread got
 * against the time its tasks took, its long tasks, and the frames drawn while loading.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * chrome-launcher's own defaults plus ours. Chromium honours only the last `--disable-features`, so
 * the two lists of features are merged into one switch rather than one replacing the other.
 */
function launcherFlags(): string[] {
  const flags = [...chromeLauncher.Launcher.defaultFlags(), ...CHROME_FLAGS];
  const prefix = '--disable-features=';
  const features = flags
    .filter((f) => f.startsWith(prefix))
    .flatMap((f) => f.slice(prefix.length).split(','));
  return [...flags.filter((f) => !f.startsWith(prefix)), prefix + [...new Set(features)].join(',')];
}

interface Run {
  lhr: Result;
  trace: Trace;
}

async function run(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: launcherFlags(),
    ignoreDefaultFlags: true,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { Trace } = result.artifacts as unknown as { Trace: Trace };
    return { lhr: result.lhr, trace: Trace };
  } finally {
    await chrome.kill();
  }
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const describe = (f: TraceFigures) =>
  `[main thread: ${f.mainThreadCpuMs} ms CPU in ${f.mainThreadBusyMs} ms of tasks, ` +
  `${f.longTasks} long; ${f.framesCaptured} frames]`;

// The server runs in its own process: Lighthouse's work here must not delay its answers.
const server = await startServerProcess();
try {
  const url = `${server.url}/m/home`;
  // One unmeasured run warms the server's caches (pages, lists, rendered art), as a running site's
  // would be.
  await run(url);
  const runs: (Run & { figures: TraceFigures })[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { lhr, trace } = await run(url);
    if (lhr.runtimeError) {
      // A run Lighthouse itself could not complete measures nothing: reported, left out of the median.
      console.info(`run ${i + 1}: failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
      continue;
    }
    const figures = traceFigures(trace);
    runs.push({ lhr, trace, figures });
    const timings = METRICS.map((id) => lhr.audits[id]?.displayValue ?? 'n/a').join(' / ');
    console.info(
      `run ${i + 1}: performance ${score(lhr, 'performance')}  (${timings})  ${describe(figures)}`,
    );
  }
  if (runs.length === 0) throw new Error('every Lighthouse run failed');
  const sorted = [...runs].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(median.lhr));
  if (process.env.LIGHTHOUSE_TRACE) writeFileSync(process.env.LIGHTHOUSE_TRACE, JSON.stringify(median.trace));
  console.info(`\nmedian of ${runs.length} completed runs (FCP / LCP / TBT / CLS / SI above):`);
  for (const id of Object.keys(median.lhr.categories))
    console.info(`${id.padEnd(15)} ${score(median.lhr, id)}`);
  for (const id of METRICS) console.info(`${id.padEnd(26)} ${median.lhr.audits[id]?.displayValue ?? 'n/a'}`);
  console.info(`${'trace'.padEnd(26)} ${describe(median.figures)}`);
  console.info(`${'benchmark index'.padEnd(26)} ${Math.round(median.lhr.environment.benchmarkIndex)}`);
} finally {
  await server.stop();
}
