import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_HOUSE_GAME_NAMES } from '@playhouse/contract/play';
import { registerMember, signedInStorage } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * The fairness page opened on its own (issue 26): rotating the seed pair asks for no round detail
 * when no round was opened (it used to ask /lgw/orders/detail without a round id: a 400 in the
 * console), and the game list names the games instead of showing their codes.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('fairness page', () => {
  it('rotates without asking a round detail, and lists the games by name', async () => {
    const member = await registerMember('fair');
    const { context, page } = await newPhone(browser, {
      storage: { ...signedInStorage(member), language: 'EN' },
    });
    const detailCalls: string[] = [];
    const failures: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/lgw/orders/detail')) detailCalls.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/m/fairness');
    const select = page.locator('.fair-form select').first();
    await select.waitFor();
    const labels = await select.locator('option').allTextContents();
    expect(labels).toEqual(Object.values(IN_HOUSE_GAME_NAMES));
    const rotate = page.getByRole('button', { name: text('EN', 'play', 'fair.rotate') });
    await rotate.click();
    // The rotation answered: the previous pair's revealed seed is shown.
    await expect.poll(() => page.locator('[data-testid=seed-revealed]').count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(detailCalls).toEqual([]);
    expect(failures).toEqual([]);
    await context.close();
  });
});
