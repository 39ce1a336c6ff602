import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_SEED } from '../apps/server/src/modules/legal/legal-seed.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * The legal pages (issue 26): the footer's Terms of service, Licence and 18+ links and the sign-up
 * consent's "terms of service" open the operator's document in the page language, never the help
 * centre's "This help topic does not exist".
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NOT_FOUND = text('EN', 'help', 'help.notFound');

async function expectDocument(page: Page, kind: 'terms' | 'licence' | 'age' | 'privacy', language: string) {
  await page.waitForURL(`**/m/legal?doc=${kind}`);
  const title = page.locator('.legal-title');
  await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe(LEGAL_SEED[language]![kind].title);
  const body = (await page.locator('.legal-body').textContent()) ?? '';
  expect(body.length).toBeGreaterThan(80);
  expect(await page.locator('body').textContent()).not.toContain(NOT_FOUND);
}

describe('legal pages', () => {
  it("follow the footer's Terms of service, Licence and 18+ links to real documents", async () => {
    const { context, page } = await newPhone(browser, { storage: { language: 'EN' } });
    const links: [string, 'terms' | 'licence' | 'age'][] = [
      [text('EN', 'web', 'legal.terms'), 'terms'],
      [text('EN', 'web', 'legal.licence'), 'licence'],
      [text('EN', 'web', 'legal.adults'), 'age'],
    ];
    for (const [label, kind] of links) {
      await page.goto('/m/home');
      const footer = page.locator('.legal-footer');
      await footer.scrollIntoViewIfNeeded();
      await footer.getByRole('link', { name: label, exact: true }).click();
      await expectDocument(page, kind, 'EN');
      // The licence says honestly that the demo holds none.
      if (kind === 'licence')
        await expect(page.locator('.legal-body').textContent()).resolves.toContain('no gambling licence');
    }
    // The page lists the other documents, each a real page too, and the player's own limits screen
    // under a name of its own, apart from the responsible-gambling policy.
    const others = await page.locator('.legal-others a').allTextContents();
    expect(others).toContain(text('EN', 'web', 'legal.myLimits'));
    expect(new Set(others).size).toBe(others.length);
    await page
      .locator('.legal-others')
      .getByRole('link', { name: text('EN', 'web', 'legal.privacy') })
      .click();
    await expectDocument(page, 'privacy', 'EN');
    await context.close();
  });

  it("opens the terms from the sign-up consent's link", async () => {
    const { context, page } = await newPhone(browser, { storage: { language: 'EN' } });
    await page.goto('/m/register');
    const consent = page.getByTestId('consent-terms');
    await consent.waitFor();
    expect(await consent.textContent()).toBe('terms of service');
    await consent.click();
    await expectDocument(page, 'terms', 'EN');
    await context.close();
  });

  it('shows each document in Arabic, right to left, from the Arabic footer', async () => {
    const { context, page } = await newPhone(browser, { locale: 'ar', storage: { language: 'AR' } });
    await page.goto('/m/home');
    const footer = page.locator('.legal-footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: text('AR', 'web', 'legal.adults'), exact: true }).click();
    await expectDocument(page, 'age', 'AR');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await context.close();
  });
});
