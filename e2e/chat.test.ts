import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { openHome } from './support/home.ts';
import { rgbPng } from './support/png.ts';
import { baseUrl } from './support/workers.ts';

/**
 * Live chat as people meet it (issue 24): a guest who is not signed in and a member, each on a phone
 * (390×844, English and Arabic), chat with an operator whose console runs in a second browser at
 * 1366×900. The member sends an image, sees the unread badge on the service button when a reply
 * arrives while they are elsewhere, and sees a deposit the operator approves reach their header with
 * no reload. Both rate the chat once the operator closes it.
 */

const bo = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text('EN', 'bo', key));
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
let browser: Browser;
let consolePage: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  consolePage = await signedInConsole(browser, 'admin', { viewport: { width: 1366, height: 900 } });
  await consolePage.getByRole('link', { name: bo('chat.nav') }).click();
});
afterAll(async () => browser?.close());

/** A pending bank transfer of `amount` with a real receipt, made through the member API. */
async function pendingDeposit(member: MemberSession, amount: string): Promise<void> {
  const channels = await api<{ channelId: number; kind: string }[]>(
    'GET',
    '/wps/relay/MCS2_depositChannels',
    {
      token: member.token,
    },
  );
  const bank = channels.body.value!.find((c) => c.kind === 'BANK_TRANSFER')!;
  const upload = await fetch(`${baseUrl()}/wps/uploads?purpose=receipt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
    body: new Uint8Array(rgbPng(64, 48, () => [40, 160, 90])),
  });
  const receipt = ((await upload.json()) as { value: { uploads: { uploadId: string }[] } }).value.uploads[0]!;
  const created = await api('POST', '/wps/relay/MCS2_deposit', {
    token: member.token,
    body: { channelId: bank.channelId, amount, reference: `CHAT-${amount}`, receiptIds: [receipt.uploadId] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}

/** The operator opens the conversation of `name` from a queue tab (taking it when it waits). */
async function openInConsole(name: string, tab: 'WAITING' | 'MINE' = 'WAITING') {
  await consolePage.getByRole('link', { name: bo('chat.nav') }).click();
  await consolePage.getByRole('tab', { name: bo(`chat.tabs.${tab}`) }).click();
  const entry = consolePage.locator('.chat-queue-list button', { hasText: name }).first();
  await entry.click();
  const take = consolePage.getByRole('button', { name: bo('chat.take') });
  if (tab === 'WAITING') await take.click();
  await expect.poll(() => consolePage.getByRole('textbox', { name: bo('chat.reply') }).count()).toBe(1);
}

async function replyInConsole(message: string) {
  const box = consolePage.getByRole('textbox', { name: bo('chat.reply') });
  await box.fill(message);
  await consolePage.getByRole('button', { name: bo('chat.send') }).click();
  await expect.poll(() => box.inputValue()).toBe('');
}

async function closeInConsole(tags: string) {
  await consolePage.getByRole('button', { name: bo('chat.close'), exact: true }).click();
  await consolePage.getByLabel(bo('chat.tags')).fill(tags);
  await consolePage
    .getByRole('dialog')
    .getByRole('button', { name: bo('chat.close') })
    .click();
  await expect.poll(() => consolePage.getByRole('dialog').count()).toBe(0);
}

/** On the phone: the chat page's text box and send button, in the page's language. */
async function sendFromPhone(page: Page, language: string, message: string) {
  const box = page.getByRole('textbox', { name: text(language, 'chat', 'placeholder') });
  await box.fill(message);
  await page.getByRole('button', { name: text(language, 'chat', 'send'), exact: true }).click();
  await expect.poll(() => page.locator('[data-testid="chat-message"]', { hasText: message }).count()).toBe(1);
}

async function rateFromPhone(page: Page, language: string) {
  await page
    .getByRole('radio', { name: text(language, 'chat', 'rate.star').replace('{{value}}', '5') })
    .click();
  await page.getByRole('button', { name: text(language, 'chat', 'rate.submit') }).click();
  await expect.poll(() => page.getByText(text(language, 'chat', 'rate.thanks')).count()).toBe(1);
}

describe('live chat', () => {
  it('lets a visitor who is not signed in leave contact details and chat with an operator', async () => {
    const { page, context } = await newPhone(browser, { storage: { language: 'EN' } });
    try {
      await page.goto('/m/home');
      // The floating service button's sheet offers live chat (the demo settings' LIVECHAT entry).
      await page.getByRole('button', { name: text('EN', 'web', 'service.title') }).click();
      await page.getByRole('button', { name: text('EN', 'web', 'menu.liveChat') }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/m/chat');
      expect(new URL(page.url()).searchParams.get('backUrl')).toBe('/m/home?splash=0');
      await page.getByLabel(text('EN', 'chat', 'guest.name')).fill('Maria Santos');
      await page.getByLabel(text('EN', 'chat', 'guest.contact')).fill('maria@example.com');
      await page.screenshot({ path: path.join(shots, 'chat-guest-form-en.png') });
      await page.getByRole('button', { name: text('EN', 'chat', 'guest.start') }).click();
      await sendFromPhone(page, 'EN', 'Hello, how do I sign up?');

      await openInConsole('Maria Santos');
      // The guest's contact details sit beside the conversation.
      await expect
        .poll(() => consolePage.locator('.chat-context').textContent())
        .toContain('maria@example.com');
      // A canned reply, kept in several languages, fills the reply box.
      const staff = await staffToken();
      for (const [language, reply] of [
        ['EN', 'Tap Register at the top of the page.'],
        ['AR', 'اضغط على «تسجيل» أعلى الصفحة.'],
      ])
        await api('PUT', '/bo/api/chat/canned', {
          token: staff,
          body: { shortcut: 'signup', language, text: reply },
        });
      await consolePage.reload();
      await openInConsole('Maria Santos', 'MINE');
      await consolePage.getByLabel(bo('chat.cannedInsert')).selectOption({ label: '/signup · EN' });
      await expect
        .poll(() => consolePage.getByRole('textbox', { name: bo('chat.reply') }).inputValue())
        .toBe('Tap Register at the top of the page.');
      await consolePage.getByRole('button', { name: bo('chat.send') }).click();
      await expect
        .poll(() => page.locator('[data-testid="chat-message"]', { hasText: 'Tap Register' }).count())
        .toBe(1);
      // The operator has read the guest's message: its receipt says so.
      await expect
        .poll(() => page.locator('[data-testid="chat-receipt"]').first().textContent())
        .toBe(text('EN', 'chat', 'read'));
      await page.screenshot({ path: path.join(shots, 'chat-guest-en.png') });

      await closeInConsole('signup');
      await expect.poll(() => page.getByText(text('EN', 'chat', 'rate.title')).count()).toBe(1);
      await rateFromPhone(page, 'EN');
    } finally {
      await context.close();
    }
  });

  for (const language of ['EN', 'AR'] as const) {
    it(`lets a member chat, send an image and see unread badges and a deposit without reload (${language})`, async () => {
      const member = await registerMember(`chat${language.toLowerCase()}`);
      await pendingDeposit(member, '300');
      const { page, context } = await newPhone(browser, {
        storage: { ...signedInStorage(member), language },
      });
      const t = (key: string) => text(language, 'chat', key);
      try {
        await openHome(page, true);
        await page.evaluate(() => ((window as unknown as { chatMark: number }).chatMark = 1));
        await page.getByRole('button', { name: text(language, 'web', 'service.title') }).click();
        await page.getByRole('button', { name: text(language, 'web', 'menu.liveChat') }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/m/chat');
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'AR' ? 'rtl' : 'ltr');
        await sendFromPhone(page, language, `Where is my deposit? (${language})`);

        // An image from the phone's files, through the uploads module.
        await page.locator('[data-testid="chat-file"]').setInputFiles({
          name: 'receipt.png',
          mimeType: 'image/png',
          buffer: rgbPng(120, 90, (x, y) => [200, (x * 2) % 255, (y * 3) % 255]),
        });
        await expect.poll(() => page.locator('[data-testid="chat-message"] img').count()).toBe(1);

        await openInConsole(member.userName);
        await expect.poll(() => consolePage.locator('[data-testid="bo-chat-message"] img').count()).toBe(1);
        await expect
          .poll(() => consolePage.getByTestId('chat-context-balance').textContent())
          .toMatch(/^0\.00 /);
        // The operator types: the phone shows it.
        await consolePage.getByRole('textbox', { name: bo('chat.reply') }).pressSequentially('Let me check');
        await expect.poll(() => page.getByTestId('chat-typing').count()).toBe(1);
        await consolePage.getByRole('textbox', { name: bo('chat.reply') }).fill('');
        await replyInConsole('I can see your transfer of 300, approving it now.');
        await expect
          .poll(() => page.locator('[data-testid="chat-message"]', { hasText: 'approving it now' }).count())
          .toBe(1);
        await expect
          .poll(() => page.locator('[data-testid="chat-receipt"]').last().textContent())
          .toBe(t('read'));
        await page.screenshot({ path: path.join(shots, `chat-member-${language.toLowerCase()}.png`) });
        if (language === 'EN') await consolePage.screenshot({ path: path.join(shots, 'chat-console.png') });

        // Elsewhere on the site, a reply shows as an unread badge on the service button.
        await page.getByRole('button', { name: text(language, 'web', 'header.back') }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/m/home');
        await replyInConsole('Done. Anything else?');
        await expect.poll(() => page.getByTestId('chat-unread-floating').textContent()).toBe('1');

        // The operator approves the deposit at the money desk: the header shows it without a reload.
        const amount = page.locator('.balance-amount');
        await expect.poll(() => amount.textContent()).toMatch(/0\.00$/);
        await consolePage.getByRole('link', { name: bo('nav.money') }).click();
        await consolePage.getByRole('tab', { name: bo('money.deposits') }).click();
        await consolePage.getByLabel(bo('wallet.userName')).fill(member.userName);
        await consolePage.getByRole('button', { name: bo('money.apply') }).click();
        const row = consolePage.locator('tbody tr', { hasText: member.userName }).first();
        await row.getByRole('button', { name: bo('money.approve') }).click();
        await consolePage
          .getByRole('dialog')
          .getByRole('button', { name: bo('money.confirmApprove') })
          .click();
        await expect.poll(() => amount.textContent()).toMatch(/300\.00$/);
        expect(await page.evaluate(() => (window as unknown as { chatMark?: number }).chatMark)).toBe(1);
        await page.screenshot({ path: path.join(shots, `chat-badge-${language.toLowerCase()}.png`) });

        // Back in the chat from the side menu (which shows the count too); reading clears the badge.
        await page.getByRole('button', { name: text(language, 'web', 'header.openMenu') }).click();
        await expect.poll(() => page.getByTestId('chat-unread-menu').textContent()).toBe('1');
        await page.getByRole('button', { name: text(language, 'web', 'menu.liveChat') }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/m/chat');
        await expect.poll(() => page.locator('[data-testid="chat-message"]').count()).toBe(4);

        // The operator closes with tags; the member rates the chat.
        await openInConsole(member.userName, 'MINE');
        await closeInConsole('deposit, solved');
        await expect.poll(() => page.getByText(t('rate.title')).count()).toBe(1);
        await page.screenshot({ path: path.join(shots, `chat-rating-${language.toLowerCase()}.png`) });
        await rateFromPhone(page, language);
        expect(await page.evaluate(() => (window as unknown as { chatMark?: number }).chatMark)).toBe(1);
      } finally {
        await context.close();
      }
      const { body } = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', {
        token: await staffToken(),
      });
      expect(body.value?.ok).toBe(true);
    });
  }
});
