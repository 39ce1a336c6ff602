import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { Dashboard } from '@playhouse/contract/reports';
import { api, registerMember, staffToken } from './support/api.ts';
import { launchBrowser, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { writeHistory } from './support/history.ts';
import { dataDir } from './support/workers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bo = (key: string) => text('EN', 'bo', key);
const DAY = 24 * 3600_000;

describe('back office dashboard and reports', () => {
  it("shows yesterday's GGR on the dashboard and exports the month's report as a CSV download", async () => {
    const member = await registerMember('boreport');
    const token = await staffToken();
    const funded = await api('POST', '/bo/api/wallet/adjustments', {
      token,
      body: { userName: member.userName, amount: '500.00', reason: 'e2e report funding' },
    });
    expect(funded.status).toBe(200);
    const dashboard = async () => (await api<Dashboard>('GET', '/bo/api/dashboard', { token })).body.value!;
    const before = await dashboard();

    // Yesterday this member staked 123.45 on a game and won 23.45 back: GGR 100.00 more.
    const game = `E2E-${Date.now().toString(36)}`;
    writeHistory(path.join(dataDir(), 'playhouse.sqlite'), [
      {
        user: member.userName,
        at: Date.now() - DAY,
        kind: 'play',
        vendor: 'JILI',
        game,
        stake: 12_345,
        win: 2_345,
      },
    ]);
    const expected = formatMoney(parseMoney(before.yesterday.ggr, { signed: true })! + 10_000);
    // The report job counts it within its interval (10 s).
    await expect
      .poll(async () => (await dashboard()).yesterday.ggr, { timeout: 40_000, interval: 1_000 })
      .toBe(expected);

    const page = await signedInConsole(browser, 'admin', { viewport: { width: 1366, height: 900 } });
    await page.getByRole('link', { name: bo('dashboard.nav') }).click();
    const yesterdayGgr = page.locator('[data-figure=ggr] [data-when=yesterday]');
    await expect.poll(() => yesterdayGgr.textContent(), { timeout: 15_000 }).toBe(expected);
    // The charts drew (the lazy chart chunk loaded).
    await expect.poll(() => page.locator('.recharts-wrapper').count(), { timeout: 15_000 }).toBe(3);

    // The month's report per game, exported.
    const { today, yesterday } = await dashboard();
    await page.getByRole('link', { name: bo('reports.nav') }).click();
    await page.getByLabel(bo('reports.from')).fill(`${yesterday.day.slice(0, 8)}01`);
    await page.getByLabel(bo('reports.to')).fill(today.day);
    await page.getByLabel(bo('reports.period')).selectOption('month');
    await page.getByLabel(bo('reports.by')).selectOption('game');
    await page.getByRole('button', { name: bo('money.apply') }).click();
    const row = page.locator('tbody tr', { hasText: `JILI/${game}` });
    await expect
      .poll(() => row.locator('[data-column=ggr]').textContent(), { timeout: 15_000 })
      .toBe('100.00');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: bo('reports.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-game-month-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      [
        'period',
        'key',
        'stakes',
        'wins',
        'ggr',
        'bonuses',
        'commissions',
        'ngr',
        'bets',
        'deposits',
        'depositCount',
        'withdrawals',
        'withdrawalCount',
        'players',
        'newPlayers',
        'firstDeposits',
        'currency',
      ]
        .map((c) => bo(`reports.column.${c}`))
        .join(','),
    );
    const ours = lines.find((l) => l.includes(`,JILI/${game},`))!.split(',');
    expect(ours.slice(0, 5)).toEqual([
      yesterday.day.slice(0, 7),
      `JILI/${game}`,
      '123.45',
      '23.45',
      '100.00',
    ]);
    await expect.poll(() => page.getByRole('status').textContent()).toContain(download.suggestedFilename());

    const check = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', { token });
    expect(check.body.value!.ok).toBe(true);
    await page.context().close();
  });
});
