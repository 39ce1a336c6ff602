import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { rgbPng } from './support/png.ts';
import { baseUrl } from './support/workers.ts';

/**
 * The inbox and feedback as a member and an operator meet them: a bank deposit an operator approves
 * arrives as "deposit credited" in the member's inbox (in English and in Arabic, right to left);
 * opening it drops the header badge; the member sends feedback with an image; the operator answers
 * it in the back office; the answer arrives in the inbox. Screenshots go to docs/screenshots/.
 */

const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });
const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)), template);
const inbox = (language: string, key: string, values: Record<string, string | number> = {}) =>
  fill(text(language, 'inbox', key), values);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real 64×48 PNG (the server checks uploads by content and re-encodes them). */
const tinyPng = () => rgbPng(64, 48, () => [200, 90, 40]);

/** A bank-transfer deposit with its receipt, approved by the operator: the ledger credits it. */
async function creditedDeposit(member: MemberSession, amount: string): Promise<void> {
  const { body: channels } = await api<{ channelId: number; kind: string }[]>(
    'GET',
    '/wps/relay/MCS2_depositChannels',
    { token: member.token },
  );
  const bank = channels.value!.find((c) => c.kind === 'BANK_TRANSFER');
  expect(bank, 'a bank-transfer channel').toBeTruthy();
  const uploaded = await fetch(`${baseUrl()}/wps/uploads?purpose=receipt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
    body: new Uint8Array(tinyPng()),
  });
  const receipt = ((await uploaded.json()) as { value: { uploads: { uploadId: string }[] } }).value
    .uploads[0]!.uploadId;
  const { body: deposit } = await api<{ depositId: string }>('POST', '/wps/relay/MCS2_deposit', {
    token: member.token,
    body: { channelId: bank!.channelId, amount, reference: `INBOX-${Date.now()}`, receiptIds: [receipt] },
  });
  expect(deposit.success, JSON.stringify(deposit)).toBe(true);
  const { status } = await api('POST', `/bo/api/deposits/${deposit.value!.depositId}/approve`, {
    token: await staffToken(),
    body: {},
  });
  expect(status).toBe(200);
}

/** The member's unread inbox messages (announcements are counted apart, on the ticker). */
async function unreadInbox(member: MemberSession): Promise<number> {
  const { body } = await api<{ total: number; inbox: number }>('GET', '/wps/relay/CSP_unreadCount', {
    token: member.token,
  });
  return body.value!.inbox;
}

const badge = (page: Page) => page.locator('header a[href="/m/webEmail"] .badge');

describe.each(['EN', 'AR'])('inbox and feedback (%s)', (language) => {
  const suffix = language === 'EN' ? '' : '-ar';

  it('delivers "deposit credited", drops the badge once read, and brings the answer to feedback', async () => {
    const member = await registerMember(`inbox${language.toLowerCase()}`);
    await creditedDeposit(member, '250');
    const before = await unreadInbox(member);
    expect(before).toBeGreaterThanOrEqual(1);

    const { page, context } = await newPhone(browser, {
      storage: { ...signedInStorage(member), language },
    });
    try {
      // The header's inbox badge counts it.
      await page.goto('/m/home');
      await expect.poll(() => badge(page).textContent()).toBe(before > 99 ? '99+' : String(before));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'AR' ? 'rtl' : 'ltr');

      // The inbox lists it, unread, in the member's language; opening it shows the amount.
      await page.goto('/m/webEmail');
      const title = inbox(language, 'messages.deposit_credited.title');
      const item = page.locator('.ib-item', { hasText: title });
      await item.waitFor();
      expect(await item.getAttribute('class')).toContain('is-unread');
      await page.screenshot({ path: path.join(shots, `inbox-list${suffix}.png`) });
      await item.locator('.ib-head').click();
      await expect.poll(() => item.locator('.ib-content').textContent()).toContain('250.00');
      await expect.poll(() => item.getAttribute('class')).not.toContain('is-unread');
      await page.screenshot({ path: path.join(shots, `inbox-open${suffix}.png`) });
      await expect.poll(() => unreadInbox(member)).toBe(before - 1);

      // The badge dropped by one (or went away).
      await page.goto('/m/home');
      if (before - 1 === 0) await expect.poll(() => badge(page).count()).toBe(0);
      else await expect.poll(() => badge(page).textContent()).toBe(String(before - 1));

      // Feedback: too few words is refused on the phone; then a category, a comment and an image.
      await page.goto('/m/feedback');
      const comment = page.getByLabel(inbox(language, 'feedback.comment'));
      await comment.fill('Slow');
      // The hint speaks of the characters the counter beside it counts.
      await expect
        .poll(() => page.locator('.fb-hint').textContent())
        .toBe(`${inbox(language, 'feedback.length', { min: 2, max: 140 })}4/140`);
      await page.getByRole('button', { name: inbox(language, 'feedback.submit') }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toBe(inbox(language, 'feedback.length', { min: 2, max: 140 }));
      await page.getByRole('radio', { name: inbox(language, 'feedback.categories.PAYMENT') }).click();
      const words = language === 'AR' ? 'وصل الإيداع متأخرًا اليوم' : 'My deposit arrived late today';
      await comment.fill(words);
      await page.locator('input[type=file]').setInputFiles({
        name: 'screen.png',
        mimeType: 'image/png',
        buffer: tinyPng(),
      });
      await expect.poll(() => page.locator('.up-thumb img').count()).toBe(1);
      await page.screenshot({ path: path.join(shots, `feedback${suffix}.png`) });
      await page.getByRole('button', { name: inbox(language, 'feedback.submit') }).click();
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain(inbox(language, 'feedback.sent'));
      const mine = page.locator('.fb-item', { hasText: words });
      await mine.waitFor();
      expect(await mine.textContent()).toContain(inbox(language, 'feedback.status.PENDING'));

      // The operator reads it (with its image) and answers in the back office.
      const answer =
        language === 'AR' ? 'شكرًا، تمت معالجة الإيداع.' : 'Thank you, the deposit is settled now.';
      const console_ = await signedInConsole(browser);
      try {
        await console_.getByRole('link', { name: bo('feedbackReview.nav') }).click();
        const row = console_.locator('tbody tr', { hasText: words });
        await row.waitFor();
        await expect.poll(() => row.locator('.thumbs img').count()).toBe(1);
        if (language === 'EN') await console_.screenshot({ path: path.join(shots, 'bo-feedback.png') });
        await row.getByRole('button', { name: bo('feedbackReview.answerAction') }).click();
        const dialog = console_.getByRole('dialog');
        await dialog.getByRole('textbox').fill(answer);
        await dialog.getByRole('button', { name: bo('feedbackReview.send') }).click();
        await expect.poll(() => console_.locator('tbody tr', { hasText: words }).count()).toBe(0);
        if (language === 'EN') {
          await console_.getByRole('link', { name: bo('inbox.nav') }).click();
          await console_.getByRole('heading', { name: bo('inbox.compose') }).waitFor();
          // A broadcast to a VIP level no test member reaches, so the members of other test files
          // are sent nothing; its markup is cleaned when sent.
          await console_.getByLabel(bo('inbox.target')).selectOption('level');
          await console_.getByLabel(bo('inbox.vipLevel'), { exact: true }).fill('9');
          await console_.getByLabel(bo('inbox.messageTitle'), { exact: true }).fill('Weekend tournament');
          await console_
            .getByLabel(bo('inbox.body'))
            .fill('<p>Join the <b>weekend</b> tournament!</p><script>alert(1)</script>');
          await console_.getByRole('button', { name: bo('inbox.send') }).click();
          await expect
            .poll(() => console_.getByRole('status').textContent())
            .toBe(bo('inbox.sent', { count: 0 }));
          const sent = console_.locator('tbody tr', { hasText: 'Weekend tournament' });
          await sent.waitFor();
          expect(await sent.textContent()).toContain(bo('inbox.levelN', { level: 9 }));
          await console_.screenshot({ path: path.join(shots, 'bo-inbox-broadcasts.png'), fullPage: true });
        }
      } finally {
        await console_.context().close();
      }

      // The answer arrives in the member's inbox, and the feedback shows it.
      await page.goto('/m/webEmail');
      const reply = page.locator('.ib-item', {
        hasText: inbox(language, 'messages.feedback_answered.title'),
      });
      await reply.waitFor();
      await reply.locator('.ib-head').click();
      await expect.poll(() => reply.locator('.ib-content').textContent()).toContain(answer);
      await page.screenshot({ path: path.join(shots, `inbox-answer${suffix}.png`) });
      await page.goto('/m/feedback');
      await expect
        .poll(() => page.locator('.fb-item', { hasText: words }).textContent())
        .toContain(inbox(language, 'feedback.status.ANSWERED'));
      await page
        .locator('.fb-item', { hasText: words })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(shots, `feedback-answered${suffix}.png`) });
    } finally {
      await context.close();
    }
  });
});
