import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, staffToken } from './support/api.ts';
import { launchBrowser, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * Staff accounts and the second approval of large adjustments, through the back office at 1366×900
 * (and the staff page at 390×844): an admin creates a finance account on the Staff page; the finance
 * member signs in with the first password, can do nothing but change it, then sees a menu without
 * settings, staff, audit log or outbox. The admin sets an approval threshold on the payment settings
 * and requests an adjustment above it; the finance member approves it (the money moves once) and is
 * refused their own request, which the admin rejects with a note. Screenshots go to docs/screenshots/.
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)), template);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);
const common = (key: string) => text('EN', 'common', key);

/** The page's own width fits the viewport: nothing pushes it sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function setThreshold(amount: string) {
  const { status, body } = await api('PUT', '/bo/api/payment-settings', {
    token: await staffToken(),
    body: { adjustments: { approvalAbove: amount } },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

describe('staff accounts and adjustment approvals', () => {
  it('an admin creates a finance account that must change its password, then approves what the admin asked', async () => {
    const username = `lena.fin${Date.now().toString(36).slice(-4)}`;
    const firstPassword = 'Copper-Lantern-Ridge-7';
    const ownPassword = 'Quiet-Harbour-Morning-42';
    const member = await registerMember('staffadj');

    // The admin creates the account on the Staff page; the policy's refusal is shown under the field.
    const admin = await signedInConsole(browser, 'admin', { viewport: DESKTOP });
    try {
      await admin.getByRole('link', { name: bo('staff.nav') }).click();
      await admin.getByRole('heading', { name: bo('staff.title') }).waitFor();
      await admin.getByRole('button', { name: bo('staff.add') }).click();
      const form = admin.locator('form[aria-labelledby=staff-create-title]');
      await form.getByLabel(bo('roles.username')).fill(username);
      await form.getByLabel(bo('staff.firstPassword')).fill(username.toUpperCase());
      await form.getByLabel(bo('roles.role')).selectOption('finance');
      expect(await form.getByText(bo('password.policy')).count()).toBe(1);
      await form.getByRole('button', { name: bo('staff.create') }).click();
      await expect
        .poll(() => form.locator('.field-error').textContent())
        .toContain(common('validation.passwordSameAsUsername'));
      await form.getByLabel(bo('staff.firstPassword')).fill(firstPassword);
      await form.getByRole('button', { name: bo('staff.create') }).click();
      await expect
        .poll(() => admin.getByRole('status').textContent())
        .toBe(bo('staff.done.created', { username }));
      const row = admin.locator('tbody tr', { hasText: username });
      await expect.poll(() => row.textContent()).toContain(bo('staff.mustChange'));

      // A role change is confirmed, and the select shows what the server saved, also after a reload.
      const role = admin.getByLabel(bo('roles.roleOf', { username }));
      expect(await role.inputValue()).toBe('finance');
      await role.selectOption('marketing');
      const dialog = admin.getByRole('dialog');
      await dialog.getByText(bo('staff.confirm.role.body', { from: 'Finance', to: 'Marketing' })).waitFor();
      await dialog.getByRole('button', { name: bo('staff.actions.role') }).click();
      await expect.poll(() => admin.getByRole('status').textContent()).toBe(bo('roles.saved', { username }));
      expect(await role.inputValue()).toBe('marketing');
      await admin.reload();
      await expect
        .poll(() => admin.getByLabel(bo('roles.roleOf', { username })).inputValue())
        .toBe('marketing');
      await admin.getByLabel(bo('roles.roleOf', { username })).selectOption('finance');
      await admin
        .getByRole('dialog')
        .getByRole('button', { name: bo('staff.actions.role') })
        .click();
      await expect
        .poll(() => admin.getByLabel(bo('roles.roleOf', { username })).inputValue())
        .toBe('finance');
      // Stepping back from a confirmation changes nothing.
      await admin
        .locator('tbody tr', { hasText: username })
        .getByRole('button', { name: bo('staff.actions.signOut') })
        .click();
      await admin
        .getByRole('dialog')
        .getByRole('button', { name: bo('money.cancel') })
        .click();
      expect(await admin.getByRole('dialog').count()).toBe(0);
      // The owner (the admin's own account) is listed without a role select or actions.
      expect(await admin.getByLabel(bo('roles.roleOf', { username: 'admin' })).count()).toBe(0);
      expect(await admin.getByText(bo('staff.ownerFixed')).count()).toBe(1);
      await admin.screenshot({ path: path.join(shots, 'bo-staff.png'), fullPage: true });
    } finally {
      await admin.context().close();
    }

    // The finance member signs in with the first password: only the password change, here and at the API.
    const finance = await signedInConsole(browser, username, { password: firstPassword, viewport: DESKTOP });
    try {
      await finance.getByRole('heading', { name: bo('password.requiredTitle') }).waitFor();
      expect(await finance.getByRole('link', { name: bo('nav.wallet') }).count()).toBe(0);
      const token = await finance.evaluate(() => sessionStorage.getItem('boToken'));
      const refused = await api('GET', '/bo/api/wallet/adjustment-requests', { token: token! });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
      await finance.getByLabel(bo('password.current')).fill(firstPassword);
      await finance.locator('input[name=newPassword]').fill(ownPassword);
      await finance.locator('input[name=repeatPassword]').fill(`${ownPassword}x`);
      await finance.getByRole('button', { name: bo('password.submit') }).click();
      await finance.getByText(bo('password.mismatch')).waitFor();
      // The server's policy: the username is refused, its message under the new password.
      await finance.locator('input[name=newPassword]').fill(username);
      await finance.locator('input[name=repeatPassword]').fill(username);
      await finance.getByRole('button', { name: bo('password.submit') }).click();
      await finance.getByText(common('validation.passwordSameAsUsername')).waitFor();
      await finance.screenshot({ path: path.join(shots, 'bo-password-required.png') });
      await finance.locator('input[name=newPassword]').fill(ownPassword);
      await finance.locator('input[name=repeatPassword]').fill(ownPassword);
      await finance.getByRole('button', { name: bo('password.submit') }).click();

      // The console opens with what finance may use, and nothing of settings, staff, audit or outbox.
      await finance.getByRole('link', { name: bo('nav.wallet') }).waitFor();
      const menu = await finance.locator('.nav nav a').allTextContents();
      expect(menu).toEqual(
        expect.arrayContaining([bo('nav.wallet'), bo('nav.money'), bo('nav.channels'), bo('nav.identity')]),
      );
      for (const hidden of [
        'nav.settings',
        'staff.nav',
        'nav.audit',
        'nav.outbox',
        'helpTopics.nav',
        'inbox.nav',
      ])
        expect(menu).not.toContain(bo(hidden));
      await finance.goto('/bo/staff');
      await finance.getByRole('link', { name: bo('nav.wallet') }).waitFor();
      expect(await finance.getByRole('heading', { name: bo('staff.title') }).count()).toBe(0);
      expect(new URL(finance.url()).pathname).not.toBe('/bo/staff');
    } finally {
      await finance.context().close();
    }
    // The old password no longer signs in.
    const old = await api('POST', '/bo/api/session', { body: { username, password: firstPassword } });
    expect(old.status).not.toBe(200);

    try {
      // The admin sets the threshold beside the other payment settings, then asks for 250.00.
      const admin2 = await signedInConsole(browser, 'admin', { viewport: DESKTOP });
      try {
        await admin2.getByRole('link', { name: bo('nav.channels') }).click();
        const settings = admin2.locator('form[aria-labelledby=payment-settings-title]');
        await settings.getByLabel(bo('channels.approvalAbove')).fill('100.00');
        await settings.getByRole('button', { name: bo('channels.save') }).click();
        await expect.poll(() => settings.getByRole('status').textContent()).toBe(bo('channels.saved'));
        await admin2.getByRole('link', { name: bo('nav.wallet') }).click();
        const form = admin2.locator('form[aria-labelledby=adjust-title]');
        await form.getByLabel(bo('wallet.userName')).fill(member.userName);
        await form.getByLabel(bo('wallet.amount')).fill('250.00');
        await form.getByLabel(bo('wallet.reason')).fill('Tournament prize, ticket #5120');
        await form.getByRole('button', { name: bo('wallet.submit') }).click();
        await expect
          .poll(() => form.getByRole('status').textContent())
          .toBe(bo('wallet.pending', { amount: '250.00', userName: member.userName }));
        const approvals = admin2.locator('section[aria-labelledby=approvals-title]');
        await expect.poll(() => approvals.locator('tbody tr', { hasText: member.userName }).count()).toBe(1);
        expect(await approvals.textContent()).toContain(bo('wallet.approvalsHint', { amount: '100.00' }));
      } finally {
        await admin2.context().close();
      }
      // Nothing moved yet.
      const ledgerOf = async () =>
        (
          await api<{ list: { amount: string; kind: string }[] }>(
            'GET',
            `/bo/api/members/${member.userName}/ledger`,
            { token: await staffToken() },
          )
        ).body.value!.list;
      expect(await ledgerOf()).toEqual([]);

      // The finance member approves the admin's request; the money moves once.
      const finance2 = await signedInConsole(browser, username, { password: ownPassword, viewport: DESKTOP });
      try {
        await finance2.getByRole('link', { name: bo('nav.wallet') }).click();
        const approvals = finance2.locator('section[aria-labelledby=approvals-title]');
        const theirs = approvals.locator('tbody tr', { hasText: member.userName });
        await expect.poll(() => theirs.count()).toBe(1);
        await finance2.screenshot({ path: path.join(shots, 'bo-adjustment-approvals.png'), fullPage: true });
        await theirs.getByRole('button', { name: bo('money.approve') }).click();
        await finance2
          .getByRole('dialog')
          .getByRole('button', { name: bo('money.confirmApprove') })
          .click();
        await expect
          .poll(() => approvals.getByRole('status').textContent())
          .toBe(bo('wallet.approvedNotice', { amount: '250.00', userName: member.userName }));
        await expect.poll(() => approvals.locator('tbody tr', { hasText: member.userName }).count()).toBe(0);

        // Their own request above the threshold waits too, and they cannot approve it.
        const form = finance2.locator('form[aria-labelledby=adjust-title]');
        await form.getByLabel(bo('wallet.userName')).fill(member.userName);
        await form.getByLabel(bo('wallet.amount')).fill('-150.00');
        await form.getByLabel(bo('wallet.reason')).fill('Duplicate prize');
        await form.getByRole('button', { name: bo('wallet.submit') }).click();
        await expect
          .poll(() => form.getByRole('status').textContent())
          .toBe(bo('wallet.pending', { amount: '-150.00', userName: member.userName }));
        const own = approvals.locator('tbody tr', { hasText: '-150.00' });
        await expect.poll(() => own.count()).toBe(1);
        await own.getByRole('button', { name: bo('money.approve') }).click();
        const dialog = finance2.getByRole('dialog');
        await dialog.getByRole('button', { name: bo('money.confirmApprove') }).click();
        await expect
          .poll(() => dialog.getByRole('alert').textContent())
          .toBe(common('errors.SECOND_APPROVER_REQUIRED'));
        await dialog.getByRole('button', { name: bo('money.cancel') }).click();
      } finally {
        await finance2.context().close();
      }
      const moved = await ledgerOf();
      expect(moved.map((e) => e.amount)).toEqual(['250.00']);

      // The admin rejects it: a note is required, and nothing moves.
      const admin3 = await signedInConsole(browser, 'admin', { viewport: DESKTOP });
      try {
        await admin3.getByRole('link', { name: bo('nav.wallet') }).click();
        const approvals = admin3.locator('section[aria-labelledby=approvals-title]');
        const own = approvals.locator('tbody tr', { hasText: '-150.00' });
        await own.getByRole('button', { name: bo('money.reject') }).click();
        const dialog = admin3.getByRole('dialog');
        const confirm = dialog.getByRole('button', { name: bo('money.confirmReject') });
        expect(await confirm.isDisabled()).toBe(true);
        await dialog.getByLabel(bo('wallet.rejectNote')).fill('The prize was paid once already.');
        await confirm.click();
        await expect
          .poll(() => approvals.getByRole('status').textContent())
          .toBe(bo('wallet.rejectedNotice', { amount: '-150.00', userName: member.userName }));
        await approvals.getByRole('tab', { name: bo('money.status.REJECTED') }).click();
        await expect
          .poll(() => approvals.locator('tbody tr', { hasText: '-150.00' }).textContent())
          .toContain(bo('wallet.noteShown', { note: 'The prize was paid once already.' }));
      } finally {
        await admin3.context().close();
      }
      expect((await ledgerOf()).map((e) => e.amount)).toEqual(['250.00']);

      const { body: audit } = await api<{ list: { action: string; actorName: string }[] }>(
        'GET',
        '/bo/api/audit?action=wallet.adjustment.approved',
        { token: await staffToken() },
      );
      expect(audit.value!.list[0]).toMatchObject({
        action: 'wallet.adjustment.approved',
        actorName: username,
      });
      const { body: check } = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', {
        token: await staffToken(),
      });
      expect(check.value!.ok).toBe(true);
    } finally {
      await setThreshold('0.00');
    }
  });

  it('a role select shows the saved role even when an older list answer arrives after the save', async () => {
    const username = `omar.sup${Date.now().toString(36).slice(-4)}`;
    const created = await api('POST', '/bo/api/staff', {
      token: await staffToken(),
      body: { userName: username, password: 'Granite-Willow-Path-19', role: 'support' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const page = await signedInConsole(browser, 'admin', { viewport: DESKTOP });
    try {
      // Staff lists are read from the server at once but answered late while `late` is set.
      let late = false;
      await page.route('**/bo/api/staff', async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        const body = await response.text();
        if (late) await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.fulfill({ response, body });
      });
      await page.getByRole('link', { name: bo('staff.nav') }).click();
      const label = bo('roles.roleOf', { username });
      await expect.poll(() => page.getByLabel(label).inputValue()).toBe('support');
      late = true;
      // Signing the account out refetches the list: that answer (role support) is on its way…
      await page
        .locator('tbody tr', { hasText: username })
        .getByRole('button', { name: bo('staff.actions.signOut') })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: bo('staff.actions.signOut') })
        .click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(bo('staff.done.signOut', { username }));
      // …when the role is changed; from the confirmation on, the select never shows the old role.
      await page.getByLabel(label).selectOption('marketing');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: bo('staff.actions.role') })
        .click();
      const shown = await page.evaluate(async (name) => {
        const values: string[] = [];
        for (let i = 0; i < 60; i++) {
          const select = document.querySelector<HTMLSelectElement>(`select[aria-label="${name}"]`);
          values.push(select?.value ?? '');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return values;
      }, label);
      expect(new Set(shown)).toEqual(new Set(['marketing']));
      await expect.poll(() => page.getByRole('status').textContent()).toBe(bo('roles.saved', { username }));
      await expect.poll(() => page.getByLabel(label).inputValue()).toBe('marketing');
      const { body } = await api<{ username: string; role: string }[]>('GET', '/bo/api/staff', {
        token: await staffToken(),
      });
      expect(body.value!.find((a) => a.username === username)?.role).toBe('marketing');
    } finally {
      await page.context().close();
    }
  });

  it('a console whose role was lowered meanwhile drops the pages the server now refuses', async () => {
    const username = `ines.fin${Date.now().toString(36).slice(-4)}`;
    const first = 'Harbour-Cedar-Lantern-64';
    const own = 'Meadow-Copper-Signal-27';
    const created = await api<{ id: number }>('POST', '/bo/api/staff', {
      token: await staffToken(),
      body: { userName: username, password: first, role: 'finance' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { body: session } = await api<{ token: string }>('POST', '/bo/api/session', {
      body: { username, password: first },
    });
    const changed = await api('POST', '/bo/api/session/password', {
      token: session.value!.token,
      body: { currentPassword: first, newPassword: own },
    });
    expect(changed.status).toBe(200);
    const page = await signedInConsole(browser, username, { password: own, viewport: DESKTOP });
    try {
      await page.getByRole('link', { name: bo('nav.wallet') }).click();
      const ledger = page.locator('section[aria-labelledby=ledger-title]');
      await ledger.waitFor();
      // The page has loaded what it reads (the approvals list answered, the threshold shown).
      const approvals = page.locator('section[aria-labelledby=approvals-title]');
      await expect.poll(() => approvals.locator('tbody tr').count()).toBeGreaterThan(0);
      await approvals.locator('p.hint').waitFor();
      // An admin makes the account support while its console is open.
      const lowered = await api('PUT', `/bo/api/staff/${created.body.value!.id}/role`, {
        token: await staffToken(),
        body: { role: 'support' },
      });
      expect(lowered.status).toBe(200);
      await ledger.getByLabel(bo('wallet.userName')).fill('anyone');
      await ledger.getByRole('button', { name: bo('wallet.showLedger') }).click();
      // The refusal reloads the session: the wallet leaves the menu and the page is left.
      await expect.poll(() => page.getByRole('link', { name: bo('nav.wallet') }).count()).toBe(0);
      await expect.poll(() => new URL(page.url()).pathname).not.toBe('/bo/wallet');
      expect(await page.getByRole('link', { name: bo('nav.money') }).count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('the staff page fits a phone, each account one card', async () => {
    const created = await api('POST', '/bo/api/staff', {
      token: await staffToken(),
      body: {
        userName: `tala.mkt${Date.now().toString(36).slice(-4)}`,
        password: 'Orchid-Basalt-Rain-85',
        role: 'marketing',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const page = await signedInConsole(browser, 'admin', { viewport: PHONE });
    try {
      await page.getByRole('link', { name: bo('staff.nav') }).click();
      await page.getByRole('heading', { name: bo('staff.title') }).waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(1);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: path.join(shots, 'bo-staff-phone.png'), fullPage: true });
      // Arabic: right to left, translated, still one card per account.
      await page.getByLabel(bo('nav.language')).selectOption('AR');
      await page.getByRole('heading', { name: text('AR', 'bo', 'staff.title') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: path.join(shots, 'bo-staff-phone-ar.png'), fullPage: true });
      await page.getByLabel(text('AR', 'bo', 'nav.language')).selectOption('EN');
      await page.getByRole('link', { name: bo('password.nav') }).click();
      await page.getByRole('heading', { name: bo('password.title') }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
