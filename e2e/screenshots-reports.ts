import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { Dashboard } from '@playhouse/contract/reports';
import { launchBrowser } from './support/chromium.ts';
import { writeHistory, type PastMovement } from './support/history.ts';
import { startServer } from './support/server.ts';
import { apiCaller, staffHeaders } from './support/screenshot-api.ts';

/**
 * The back office's Dashboard (English and Arabic) and Reports pages at 1366×900: twelve members with
 * thirty days of play on three vendors, deposits, paid withdrawals and bonuses behind them.
 * Usage: npm run screenshots:reports -w @playhouse/e2e (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
const DAY = 24 * 3600_000;

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const staff = await staffHeaders(call, PASSWORD);
  await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
  const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const names = [
    'maria',
    'jose',
    'ana',
    'paolo',
    'liza',
    'mark',
    'joy',
    'carlo',
    'bea',
    'rico',
    'nina',
    'dan',
  ];
  for (const name of names) {
    const sealed = await encryptCredentials(publicKey, {
      username: `${name}2026`,
      password: 'Member-pass-2026',
      confirmPassword: 'Member-pass-2026',
    });
    await call('PUT', '/wps/member/register', sealed.body, { encryption: sealed.header });
    await call(
      'POST',
      '/bo/api/wallet/adjustments',
      { userName: `${name}2026`, amount: '100.00', reason: 'Welcome credit' },
      staff,
    );
  }
  // Thirty days of history, a deterministic mix per member and day.
  const games: [string, string][] = [
    ['JILI', 'JILI-SLOT-001'],
    ['JILI', 'JILI-FISH-002'],
    ['PGE', 'PGE-MAHJONG'],
    ['PGE', 'PGE-FORTUNE-OX'],
    ['BGS', 'BGS-CRASH'],
  ];
  const movements: PastMovement[] = [];
  const now = Date.now();
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
  for (let day = 29; day >= 0; day--) {
    for (const [i, name] of names.entries()) {
      if (rand(10) < 3) continue;
      const user = `${name}2026`;
      const at = now - day * DAY - rand(6) * 3600_000;
      const deposit = 5_000 + rand(40) * 500;
      movements.push({ user, at, kind: 'deposit', amount: deposit });
      let left = deposit;
      for (let r = 0; r < 3 + rand(5); r++) {
        const [vendor, game] = games[(i + r + day) % games.length]!;
        const stake = Math.min(left, 500 + rand(30) * 100);
        if (stake <= 0) break;
        const win = rand(10) < 4 ? stake * (1 + rand(3)) : 0;
        movements.push({ user, at: at + (r + 1) * 60_000, kind: 'play', vendor, game, stake, win });
        left += win - stake;
      }
      if (rand(10) < 3 && left > 2_000)
        movements.push({ user, at: at + 3_600_000, kind: 'withdrawal', amount: Math.floor(left / 2) });
      if (rand(10) < 2) movements.push({ user, at: at + 1_800_000, kind: 'bonus', amount: 1_000 });
    }
  }
  writeHistory(path.join(server.dataDir, 'playhouse.sqlite'), movements);
  // The report job counts it within its interval.
  for (let i = 0; i < 60; i++) {
    const d = await call<Dashboard>('GET', '/bo/api/dashboard', undefined, staff);
    if (d.days.filter((x) => x.ggr !== '0.00').length > 20) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }

  for (const language of ['EN', 'AR']) {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      locale: language === 'AR' ? 'ar' : 'en-US',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.addInitScript((code) => localStorage.setItem('boLanguage', code), language);
    await page.goto('/bo/');
    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.locator('aside.nav').waitFor();
    await page.goto('/bo/dashboard');
    await page.locator('.recharts-wrapper').nth(2).waitFor();
    await page.waitForTimeout(500);
    const suffix = language === 'AR' ? '-ar' : '';
    await page.screenshot({ path: path.join(out, `bo-dashboard${suffix}.png`) });
    console.info(`docs/screenshots/bo-dashboard${suffix}.png`);
    if (language === 'EN') {
      await page.locator('aside.nav a[href="/bo/reports"]').click();
      await page.getByLabel('Breakdown').selectOption('game');
      await page.getByLabel('Period').selectOption('week');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator('tbody tr td[data-column=ggr]').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, 'bo-reports.png') });
      console.info('docs/screenshots/bo-reports.png');
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
