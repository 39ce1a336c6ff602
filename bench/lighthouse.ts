import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM, startServer } from './support.ts';

/**
 * Runs Lighthouse (mobile preset, simulated throttling) against /m/home on a local server with the
 * built site and prints the category scores and the core timings. Target: performance ≥ 95.
 */
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
try {
  const result = await lighthouse(`${server.url}/m/home`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  for (const [id, c] of Object.entries(categories))
    console.info(`${id.padEnd(15)} ${Math.round((c.score ?? 0) * 100)}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    console.info(`${id.padEnd(26)} ${audits[id]?.displayValue ?? 'n/a'}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
