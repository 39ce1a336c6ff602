import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { baseUrl } from './support/workers.ts';

/**
 * The security centre at 390×844: a member binds a phone number with the SMS code and an e-mail
 * address with the e-mail code (both read from the operator's outbox), then sees both masked; a wrong
 * code shows the localized error under the code and binds nothing. In English and Arabic (right to
 * left). Then the back office's staff roles: an admin makes a member of staff `support` on the Staff
 * page, who signs in and sees the money desk's queue without decision buttons. Screenshots go to docs/screenshots/.
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), template);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);

/** The newest code the outbox holds for a phone number (`+63…`) or an e-mail address. */
async function codeFrom(channel: 'sms' | 'email', recipient: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const { body } = await api<{ list: { body: string }[] }>(
        'GET',
        `/bo/api/outbox?channel=${channel}&recipient=${encodeURIComponent(recipient)}`,
        { token: await staffToken() },
      );
      found = /\b(\d{6})\b/.exec(body.value?.list[0]?.body ?? '')?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function contactOf(member: MemberSession) {
  const { body } = await api<{ mobileNum: string | null; email: string | null }>(
    'GET',
    '/wps/member/contact',
    { token: member.token },
  );
  return body.value!;
}

/** Closes the login popups if the site shows any. */
async function closePopups(page: Page, lang: 'EN' | 'AR') {
  const popup = page.getByRole('dialog');
  if (await popup.isVisible().catch(() => false))
    await popup
      .getByRole('button', { name: text(lang, 'lobby', 'popups.close'), exact: true })
      .click()
      .catch(() => undefined);
}

/** Scrolls the phone-and-e-mail card to the top of the screen, under the title bar. */
async function showContactCard(page: Page) {
  await page.evaluate(() => {
    const card = document.getElementById('contact-title')!.closest('section')!;
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 64);
  });
}

describe.each(['EN', 'AR'] as const)('security centre (%s)', (lang) => {
  const pay = (key: string) => text(lang, 'pay', key);
  const suffix = lang === 'AR' ? '-ar' : '-en';

  it('binds a phone with its SMS code (a wrong code binds nothing), then an e-mail with its code', async () => {
    const member = await registerMember(lang === 'AR' ? 'secar' : 'secen');
    const mobile = `917${String(Date.now()).slice(-7)}`;
    const email = `${member.userName}@example.com`;
    const { page, context } = await newPhone(browser, {
      locale: lang === 'AR' ? 'ar' : 'en-US',
      storage: { ...signedInStorage(member), language: lang },
    });
    try {
      await page.goto('/m/securityCenter');
      await closePopups(page, lang);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'AR' ? 'rtl' : 'ltr');
      const rows = page.locator('.mc-contact li');
      const phoneRow = rows.nth(0);
      const emailRow = rows.nth(1);
      await expect.poll(() => phoneRow.textContent()).toContain(pay('security.notBound'));
      expect(await emailRow.textContent()).toContain(pay('security.notBound'));

      // The phone: the number, a code by SMS, first a wrong one.
      await phoneRow.getByRole('button', { name: pay('security.bind.bind'), exact: true }).click();
      const form = page.locator('form.mc-bind');
      await form.getByLabel(pay('security.bind.newPhone'), { exact: true }).fill(mobile);
      await form.getByRole('button', { name: pay('security.bind.sendCode'), exact: true }).click();
      await expect.poll(() => form.locator('.sms-send').textContent()).toMatch(/\d/);
      const code = await codeFrom('sms', `+63${mobile}`);
      const codeInput = form.getByLabel(pay('security.bind.code'), { exact: true });
      await codeInput.fill(wrongCode(code));
      await form.getByRole('button', { name: pay('security.bind.submit'), exact: true }).click();
      await expect
        .poll(() => form.getByRole('alert').textContent())
        .toBe(text(lang, 'common', 'validation.verificationCodeError'));
      expect(await codeInput.getAttribute('aria-invalid')).toBe('true');
      // Nothing bound, and what was typed is still there.
      expect(await contactOf(member)).toMatchObject({ mobileNum: null, email: null });
      expect(await form.getByLabel(pay('security.bind.newPhone'), { exact: true }).inputValue()).toBe(mobile);
      await showContactCard(page);
      await page.locator('.toast').waitFor({ state: 'detached' });
      await page.screenshot({ path: path.join(shots, `security-bind-phone${suffix}.png`) });

      await codeInput.fill(code);
      await form.getByRole('button', { name: pay('security.bind.submit'), exact: true }).click();
      await expect.poll(() => form.count()).toBe(0);
      const maskedPhone = `+63 ****${mobile.slice(-4)}`;
      await expect.poll(() => phoneRow.locator('strong').textContent()).toBe(maskedPhone);
      expect(await phoneRow.textContent()).not.toContain(mobile);
      expect((await contactOf(member)).mobileNum).toBe(`****${mobile.slice(-4)}`);
      if (lang === 'AR') return;

      // The e-mail: the address, a code by e-mail, a wrong one first again.
      await emailRow.getByRole('button', { name: pay('security.bind.bind'), exact: true }).click();
      await form.getByLabel(pay('security.bind.newEmail'), { exact: true }).fill(email);
      await form.getByRole('button', { name: pay('security.bind.sendCode'), exact: true }).click();
      const mailed = await codeFrom('email', email);
      await codeInput.fill(wrongCode(mailed));
      await form.getByRole('button', { name: pay('security.bind.submit'), exact: true }).click();
      await expect
        .poll(() => form.getByRole('alert').textContent())
        .toBe(text(lang, 'common', 'validation.verificationCodeError'));
      expect((await contactOf(member)).email).toBeNull();
      await codeInput.fill(mailed);
      await form.getByRole('button', { name: pay('security.bind.submit'), exact: true }).click();
      await expect.poll(() => form.count()).toBe(0);
      const maskedEmail = `${email.slice(0, 2)}***@example.com`;
      await expect.poll(() => emailRow.locator('strong').textContent()).toBe(maskedEmail);
      expect(await phoneRow.locator('strong').textContent()).toBe(maskedPhone);
      expect(await contactOf(member)).toMatchObject({
        mobileNum: `****${mobile.slice(-4)}`,
        email: maskedEmail,
      });
      // Both bound: each row now offers a change instead.
      expect(await page.getByRole('button', { name: pay('security.bind.change'), exact: true }).count()).toBe(
        2,
      );
      await showContactCard(page);
      await page.locator('.toast').waitFor({ state: 'detached' });
      await page.screenshot({ path: path.join(shots, `security-bound${suffix}.png`) });
    } finally {
      await context.close();
    }
  });
});

const STAFF_FIRST_PASSWORD = 'Amber-Orchard-Field-31';
const STAFF_PASSWORD = 'Silver-Meadow-Crossing-58';

/**
 * A second staff account, made the way an admin makes one (POST /bo/api/staff, role finance), whose
 * owner then replaces the first password with their own as the console requires.
 */
async function addStaffAccount(username: string): Promise<void> {
  const created = await api('POST', '/bo/api/staff', {
    token: await staffToken(),
    body: { userName: username, password: STAFF_FIRST_PASSWORD, role: 'finance' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { body: session } = await api<{ token: string; passwordChangeRequired?: boolean }>(
    'POST',
    '/bo/api/session',
    { body: { username, password: STAFF_FIRST_PASSWORD } },
  );
  expect(session.value!.passwordChangeRequired).toBe(true);
  const changed = await api('POST', '/bo/api/session/password', {
    token: session.value!.token,
    body: { currentPassword: STAFF_FIRST_PASSWORD, newPassword: STAFF_PASSWORD },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

/** The console signed in as `username`, once its navigation has loaded. */
async function consoleAs(username: string, password?: string): Promise<Page> {
  const page = await signedInConsole(browser, username, password ? { password } : {});
  await page.getByRole('link', { name: bo('nav.money') }).waitFor();
  return page;
}

describe('staff roles', () => {
  it('an admin makes a member of staff support, who sees the money desk without decisions', async () => {
    const username = 'joana.reyes';
    await addStaffAccount(username);

    // A bank transfer waiting at the desk.
    const member = await registerMember('rolesdep');
    const { body: channels } = await api<{ channelId: number; kind: string }[]>(
      'GET',
      '/wps/relay/MCS2_depositChannels',
      { token: member.token },
    );
    const bank = channels.value!.find((c) => c.kind === 'BANK_TRANSFER')!;
    // The receipt: a small real PNG (the browser's own picture of a coloured square).
    const painter = await browser.newPage({ viewport: { width: 64, height: 48 } });
    await painter.setContent('<body style="margin:0;background:#2a9d5a"></body>');
    const png = await painter.screenshot();
    await painter.close();
    const uploaded = await fetch(`${baseUrl()}/wps/uploads?purpose=receipt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    const receipt = ((await uploaded.json()) as { value: { uploads: { uploadId: string }[] } }).value
      .uploads[0]!.uploadId;
    const deposit = await api('POST', '/wps/relay/MCS2_deposit', {
      token: member.token,
      body: {
        channelId: bank.channelId,
        amount: '300.00',
        reference: 'E2E-ROLES-300',
        receiptIds: [receipt],
      },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);

    // The admin sets the role on the Staff page, confirming the change.
    const admin = await consoleAs('admin');
    try {
      await admin.getByRole('link', { name: bo('staff.nav') }).click();
      await admin.getByRole('heading', { name: bo('staff.title') }).waitFor();
      const role = admin.getByLabel(bo('roles.roleOf', { username }));
      await expect.poll(() => role.inputValue()).toBe('finance');
      // The list's refetch after the save is held back until the select has been read: the saved
      // role shows from the save's own answer, whichever of the two finishes first.
      let saved = false;
      let releaseList = () => {};
      const listHeld = new Promise<void>((release) => (releaseList = release));
      await admin.route('**/bo/api/staff', async (route) => {
        if (saved) await listHeld;
        await route.continue();
      });
      await admin.route('**/bo/api/staff/*/role', async (route) => {
        const response = await route.fetch();
        saved = true;
        await route.fulfill({ response });
      });
      await role.selectOption('support');
      await admin
        .getByRole('dialog')
        .getByRole('button', { name: bo('staff.actions.role') })
        .click();
      await expect.poll(() => admin.getByRole('status').textContent()).toBe(bo('roles.saved', { username }));
      expect(await role.inputValue()).toBe('support');
      const refetched = admin.waitForResponse((r) => new URL(r.url()).pathname === '/bo/api/staff');
      releaseList();
      await refetched;
      expect(await role.inputValue()).toBe('support');
      await admin.unrouteAll({ behavior: 'wait' });
      // The owner's own row cannot be changed.
      expect(await admin.getByLabel(bo('roles.roleOf', { username: 'admin' })).count()).toBe(0);
      // The admin's own desk has the decisions for that deposit.
      await admin.getByRole('link', { name: bo('nav.money') }).click();
      await admin.getByLabel(bo('wallet.userName')).fill(member.userName);
      await admin.getByRole('button', { name: bo('money.apply') }).click();
      const adminRow = admin.locator('tbody tr', { hasText: member.userName });
      await expect.poll(() => adminRow.getByRole('button', { name: bo('money.approve') }).count()).toBe(1);
    } finally {
      await admin.context().close();
    }
    const { body: audit } = await api<{ list: { action: string; actorName: string; detail: unknown }[] }>(
      'GET',
      '/bo/api/audit?action=staff.role.changed',
      { token: await staffToken() },
    );
    expect(audit.value!.list[0]).toMatchObject({
      action: 'staff.role.changed',
      actorName: 'admin',
      detail: { from: 'finance', to: 'support' },
    });

    // The support account reads the queue but has no decision buttons, and the server agrees.
    const support = await consoleAs(username, STAFF_PASSWORD);
    try {
      await support.getByRole('link', { name: bo('nav.money') }).click();
      await support.getByLabel(bo('wallet.userName')).fill(member.userName);
      await support.getByRole('button', { name: bo('money.apply') }).click();
      const row = support.locator('tbody tr', { hasText: member.userName });
      await expect.poll(() => row.count()).toBe(1);
      expect(await support.getByText(bo('roles.yourRole', { role: bo('roles.names.support') })).count()).toBe(
        1,
      );
      expect(await support.locator('thead th', { hasText: bo('money.actions') }).count()).toBe(0);
      expect(await row.getByRole('button', { name: bo('money.approve') }).count()).toBe(0);
      expect(await row.getByRole('button', { name: bo('money.reject') }).count()).toBe(0);
      await support.screenshot({ path: path.join(shots, 'bo-money-desk-support.png') });
    } finally {
      await support.context().close();
    }
    const { body: session } = await api<{ token: string }>('POST', '/bo/api/session', {
      body: { username, password: STAFF_PASSWORD },
    });
    const token = session.value!.token;
    const { body: pending } = await api<{ list: { depositId: string; userName: string }[] }>(
      'GET',
      `/bo/api/deposits?status=PENDING&userName=${member.userName}`,
      { token },
    );
    const mine = pending.value!.list.find((d) => d.userName === member.userName)!;
    const refused = await api('POST', `/bo/api/deposits/${mine.depositId}/approve`, { token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ROLE_FORBIDDEN');
  });
});
