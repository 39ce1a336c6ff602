import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { setTextSize, useFont } from './support/fonts.ts';
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });
it('shoots', async () => {
  const member = await registerMember('shot');
  const token = await staffToken();
  await api('POST', '/bo/api/wallet/adjustments', { token, body: { userName: member.userName, amount: '1234567.89', reason: 'x' } });
  await api('PUT', '/wps/member/info/nickname', { token: member.token, body: { nickname: 'Maximiliano Rodriguez Fernand' } });
  for (const language of ['EN', 'AR']) {
    const { page } = await newPhone(browser, { storage: { language, ...signedInStorage(member), lobbyPopupsSeen: '{}' } });
    await page.setViewportSize({ width: 360, height: 200 });
    await page.goto('/m/home');
    await page.locator('.balance-amount').waitFor();
    await page.waitForTimeout(1500);
    await page.keyboard.press('Escape');
    for (const size of [100, 130]) {
      await useFont(page, 'DejaVu Sans');
      await setTextSize(page, size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/wt31-${language}-${size}.png`, clip: { x: 0, y: 0, width: 360, height: 60 } });
      console.log(language, size, await page.evaluate(() => [...document.querySelectorAll('[data-shortcut]')].map((e) => `${e.getAttribute('data-shortcut')}:${e.hasAttribute('data-folded')}`).join(' ')));
    }
    // guest
  }
  const { page } = await newPhone(browser, { storage: { language: 'EN' } });
  await page.setViewportSize({ width: 360, height: 200 });
  await page.goto('/m/login');
  await page.evaluate(() => localStorage.setItem('language', 'TY'));
  await page.goto('/m/home');
  await page.locator('.header-actions').waitFor();
  await useFont(page, 'DejaVu Sans');
  await setTextSize(page, 130);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/wt31-guest-TY-130.png`, clip: { x: 0, y: 0, width: 360, height: 60 } });
}, 120_000);
