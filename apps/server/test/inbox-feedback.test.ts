import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import {
  BANK_CHANNEL,
  createChannel,
  paymentMember,
  testImage,
  upload,
  uploadId,
  withGateway,
} from './support/payments.ts';
import { race } from './support/race.ts';
import { fund, staffHeaders, walletBalance } from './support/seamless.ts';
import { patchSettings } from './support/auth-client.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = { authorization: string; id: number; username: string };

/**
 * The member inbox and feedback: messages sent inside money movements (once per deposit or
 * withdrawal), broadcasts fanned out per member, ownership of every id a member names, sanitized
 * operator HTML, feedback images checked by content, and the answer arriving in the inbox.
 */
describe.each(DIALECTS)('inbox and feedback (%s)', (dialect) => {
  let app: App;
  let bank: { id: number };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    bank = await createChannel(app, BANK_CHANNEL);
  }, 120_000);

  const call = (
    m: { authorization: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { authorization: m.authorization },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const inboxOf = async (m: Member, language = 'EN') => {
    const res = await call(m, 'GET', `/wps/inbox?language=${language}`);
    expect(res.statusCode).toBe(200);
    return res.json().value as {
      list: { id: number; kind: string; title: string; content: string; read: boolean }[];
      unreadCount: number;
      totalCount: number;
    };
  };
  const unread = async (m: Member) =>
    (await call(m, 'GET', '/wps/relay/CSP_unreadCount')).json().value as {
      announcement: number;
      inbox: number;
      total: number;
    };

  it('tells the member once when a deposit is credited, in their language, inside the credit', async () => {
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const dep = await call(m, 'POST', '/wps/relay/MCS2_deposit', {
      channelId: bank.id,
      amount: '150.00',
      reference: 'INBOX-1',
      receiptIds: [receipt],
    });
    expect(dep.statusCode).toBe(200);
    const depositId = dep.json().value.depositId as string;
    expect((await inboxOf(m)).totalCount).toBe(0);

    // Operators approving at once: one credit, one message.
    const desk = await staffHeaders(app);
    await race(4, () =>
      app.inject({
        method: 'POST',
        url: `/bo/api/deposits/${depositId}/approve`,
        headers: desk,
        payload: {},
      }),
    );
    expect(await walletBalance(app, m.authorization)).toBe('150.00');
    const box = await inboxOf(m);
    expect(box.totalCount).toBe(1);
    expect(box.unreadCount).toBe(1);
    expect(box.list[0]).toMatchObject({ kind: 'deposit_credited', title: 'Deposit credited', read: false });
    expect(box.list[0]!.content).toContain('150.00 PHP');
    const arabic = await inboxOf(m, 'AR');
    expect(arabic.list[0]!.title).not.toBe('Deposit credited');
    expect(arabic.list[0]!.content).toContain('150.00');

    const counts = await unread(m);
    expect(counts.inbox).toBe(1);
    expect(counts.total).toBe(counts.announcement + 1);

    // Opening marks it read; the counters drop.
    const opened = await call(m, 'GET', `/wps/inbox/${box.list[0]!.id}`);
    expect(opened.json().value).toMatchObject({ read: true, kind: 'deposit_credited' });
    expect((await unread(m)).inbox).toBe(0);
    await expectLedgerOk(app);
  });

  it('sends once per key, and inside a transaction that rolls back sends nothing', async () => {
    const m = await createTestMember(app);
    const operator = await app.services.settings.defaultOperator();
    const send = () =>
      app.services.inbox.send(app.services.db, {
        operatorId: operator.id,
        memberId: m.id,
        kind: 'bonus_issued',
        params: { amount: '5.00', currency: 'PHP', name: 'Welcome <b>bonus</b>' },
        dedupeKey: 'bonus-1',
      });
    const outcomes = await Promise.all([send(), send(), send()]);
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(1);
    // A duplicate inside a PostgreSQL transaction does not abort it.
    await app.services.db.transaction().execute(async (trx) => {
      expect(
        (
          await app.services.inbox.send(trx, {
            operatorId: operator.id,
            memberId: m.id,
            kind: 'bonus_issued',
            dedupeKey: 'bonus-1',
          })
        ).duplicate,
      ).toBe(true);
      await trx.selectFrom('members').select('id').where('id', '=', m.id).executeTakeFirstOrThrow();
    });
    await expect(
      app.services.db.transaction().execute(async (trx) => {
        await app.services.inbox.send(trx, {
          operatorId: operator.id,
          memberId: m.id,
          kind: 'rebate_claimed',
          params: { amount: '1.00', currency: 'PHP' },
          dedupeKey: 'r-1',
        });
        throw new Error('the movement failed');
      }),
    ).rejects.toThrow('the movement failed');
    const box = await inboxOf(m);
    expect(box.list.map((x) => x.kind)).toEqual(['bonus_issued']);
    // Params are text: markup in them is escaped, never rendered.
    expect(box.list[0]!.content).toContain('Welcome &lt;b&gt;bonus&lt;/b&gt;');
    expect(box.list[0]!.content).not.toContain('<b>');
  });

  it('keeps each member to their own messages', async () => {
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const operator = await app.services.settings.defaultOperator();
    const { id } = await app.services.inbox.send(app.services.db, {
      operatorId: operator.id,
      memberId: a.id,
      kind: 'vip_upgraded',
      params: { level: 2, name: 'Silver' },
      dedupeKey: 'vip:2',
    });
    expect((await call(b, 'GET', `/wps/inbox/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/wps/inbox/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'POST', '/wps/inbox/read')).json().value.updated).toBe(0);
    // Still there and unread for its owner.
    const box = await inboxOf(a);
    expect(box.list).toHaveLength(1);
    expect(box.list[0]).toMatchObject({ id, read: false });
    expect((await app.inject({ method: 'GET', url: '/wps/inbox' })).statusCode).toBe(401);
    // Switched off by the operator: the inbox and feedback are not offered.
    await patchSettings(app, { whitelabel: { MAILCEN3: false, FEEDBACK3: false } });
    try {
      expect((await call(a, 'GET', '/wps/inbox')).json().code).toBe('FEATURE_DISABLED');
      expect((await call(a, 'GET', `/wps/inbox/${id}`)).json().code).toBe('FEATURE_DISABLED');
      expect((await call(a, 'GET', '/wps/feedback')).json().code).toBe('FEATURE_DISABLED');
    } finally {
      await patchSettings(app, { whitelabel: { MAILCEN3: true, FEEDBACK3: true } });
    }
    expect((await call(a, 'DELETE', `/wps/inbox/${id}`)).statusCode).toBe(200);
    expect((await inboxOf(a)).totalCount).toBe(0);
    expect((await call(a, 'GET', `/wps/inbox/${id}`)).statusCode).toBe(404);
  });

  it('broadcasts sanitized text to members, deleted by one and kept for the others, audited', async () => {
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const trial = await createTestMember(app, { type: 4 });
    const staff = await staffHeaders(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/bo/api/inbox/broadcasts',
      headers: staff,
      payload: {
        contents: {
          '*': {
            title: 'Maintenance',
            content: '<p onclick="x()">Tonight <b>02:00</b></p><script>alert(1)</script>',
          },
          AR: { title: 'صيانة', content: '<p>الليلة</p><img src="javascript:alert(1)">' },
        },
      },
    });
    expect(sent.statusCode).toBe(200);
    const broadcast = sent.json().value;
    expect(broadcast.recipients).toBeGreaterThanOrEqual(2);
    expect(broadcast.contents['*'].content).toBe('<p>Tonight <b>02:00</b></p>');
    expect(JSON.stringify(broadcast)).not.toMatch(/script|onclick|javascript/);

    const boxA = await inboxOf(a);
    expect(boxA.list[0]).toMatchObject({ kind: 'broadcast', title: 'Maintenance', read: false });
    expect((await inboxOf(b, 'AR')).list[0]).toMatchObject({
      title: 'صيانة',
      content: '<p>الليلة</p><img />',
    });
    expect((await inboxOf(trial)).totalCount).toBe(0);

    expect((await call(a, 'DELETE', `/wps/inbox/${boxA.list[0]!.id}`)).statusCode).toBe(200);
    expect((await inboxOf(a)).totalCount).toBe(0);
    expect((await inboxOf(b)).list[0]).toMatchObject({ title: 'Maintenance' });

    // A VIP level reaches the members at that level only.
    await app.services.db.updateTable('members').set({ vip_level: 3 }).where('id', '=', b.id).execute();
    const level3 = await app.inject({
      method: 'POST',
      url: '/bo/api/inbox/broadcasts',
      headers: staff,
      payload: { contents: { EN: { title: 'VIP 3', content: 'Hello' } }, vipLevel: 3 },
    });
    expect(level3.json().value.recipients).toBe(1);
    expect((await inboxOf(b)).list[0]).toMatchObject({ title: 'VIP 3', content: 'Hello' });
    expect((await inboxOf(a)).list.map((x) => x.title)).not.toContain('VIP 3');
    const list = (await app.inject({ method: 'GET', url: '/bo/api/inbox/broadcasts', headers: staff })).json()
      .value;
    expect(list.list.map((x: { vipLevel: number | null }) => x.vipLevel)).toEqual([3, null]);
    const audit = (
      await app.inject({ method: 'GET', url: '/bo/api/audit?action=inbox.broadcast.sent', headers: staff })
    ).json().value;
    expect(audit.list.length).toBeGreaterThanOrEqual(2);

    const empty = await app.inject({
      method: 'POST',
      url: '/bo/api/inbox/broadcasts',
      headers: staff,
      payload: { contents: { EN: { title: 'Empty', content: '<script>only()</script>' } } },
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/bo/api/inbox/broadcasts',
          payload: { contents: { EN: { title: 'x', content: 'y' } } },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('takes feedback with checked images, answers it once and the answer reaches the inbox', async () => {
    const m = await createTestMember(app);
    const other = await createTestMember(app);
    // Images are judged by content: a text file named as png is refused, a real jpeg passes.
    const fake = await upload(app, m.authorization, Buffer.from('<svg onload=alert(1)>'), {
      purpose: 'feedback' as 'receipt',
    });
    expect(fake.json().code).toBe('UPLOAD_INVALID');
    const image = await upload(app, m.authorization, await testImage('jpeg'), {
      purpose: 'feedback' as 'receipt',
      contentType: 'image/jpeg',
    });
    expect(image.statusCode).toBe(200);
    const imageId = image.json().value.uploads[0].uploadId as string;
    const receipt = await uploadId(app, m.authorization);
    const othersImage = (
      await upload(app, other.authorization, await testImage(), { purpose: 'feedback' as 'receipt' })
    ).json().value.uploads[0].uploadId as string;

    const put = (who: Member, body: unknown) => call(who, 'PUT', '/wps/feedback', body);
    expect((await put(m, { category: 'PAYMENT', comment: 'x'.repeat(141) })).statusCode).toBe(400);
    expect((await put(m, { category: 'PAYMENT', comment: 'Hello' })).statusCode).toBe(400);
    expect((await put(m, { category: 'NOPE', comment: 'Deposit was slow' })).statusCode).toBe(400);
    expect(
      (await put(m, { category: 'PAYMENT', comment: 'Deposit was slow', status: 'ANSWERED' })).statusCode,
    ).toBe(400);
    // Only the member's own images of purpose feedback, at most three.
    expect(
      (await put(m, { category: 'PAYMENT', comment: 'Deposit was slow', uploadIds: [othersImage] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await put(m, { category: 'PAYMENT', comment: 'Deposit was slow', uploadIds: [receipt] })).statusCode,
    ).toBe(404);
    expect(
      (
        await put(m, {
          category: 'PAYMENT',
          comment: 'Deposit was slow',
          uploadIds: [imageId, imageId, imageId, imageId],
        })
      ).statusCode,
    ).toBe(400);
    const sent = await put(m, {
      category: 'PAYMENT',
      comment: '  Deposit was slow today  ',
      uploadIds: [imageId],
    });
    expect(sent.statusCode).toBe(200);
    const feedbackId = sent.json().value.id as number;
    expect(sent.json().value).toMatchObject({
      status: 'PENDING',
      comment: 'Deposit was slow today',
      uploadIds: [imageId],
    });
    // Chinese counts words without spaces.
    expect((await put(m, { category: 'OTHER', comment: '充值很慢，请帮忙' })).statusCode).toBe(200);

    const mine = (await call(m, 'GET', '/wps/feedback')).json().value;
    expect(mine.totalCount).toBe(2);
    expect((await call(other, 'GET', '/wps/feedback')).json().value.totalCount).toBe(0);

    const staff = await staffHeaders(app);
    const desk = (
      await app.inject({ method: 'GET', url: '/bo/api/feedback?status=PENDING', headers: staff })
    ).json().value;
    const row = desk.list.find((f: { id: number }) => f.id === feedbackId);
    expect(row).toMatchObject({ userName: m.username, category: 'PAYMENT', uploadIds: [imageId] });
    expect(
      (await app.inject({ method: 'GET', url: `/bo/api/uploads/${imageId}`, headers: staff })).statusCode,
    ).toBe(200);

    const answers = await race(3, () =>
      app.inject({
        method: 'POST',
        url: `/bo/api/feedback/${feedbackId}/answer`,
        headers: staff,
        payload: { answer: 'Sorry <b>about</b> that, it is fixed now.' },
      }),
    );
    const codes = answers.map((o) => (o.ok ? o.value.statusCode : 0)).sort();
    expect(codes).toEqual([200, 409, 409]);
    const box = await inboxOf(m);
    expect(box.list).toHaveLength(1);
    expect(box.list[0]).toMatchObject({ kind: 'feedback_answered', title: 'Reply to your feedback' });
    expect(box.list[0]!.content).toContain('Sorry &lt;b&gt;about&lt;/b&gt; that');
    expect((await call(m, 'GET', '/wps/feedback')).json().value.list[1]).toMatchObject({
      status: 'ANSWERED',
      answer: 'Sorry <b>about</b> that, it is fixed now.',
    });
    const audit = (
      await app.inject({ method: 'GET', url: '/bo/api/audit?action=feedback.answered', headers: staff })
    ).json().value;
    expect(audit.list[0]).toMatchObject({ target: `feedback:${feedbackId}` });
  });

  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  /** A member with a fund password, a card and `balance` in the wallet. */
  async function withdrawer(balance: string, accountNo: string) {
    const m = await paymentMember(app);
    const set = await call(m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '246810',
      loginPassword: m.password,
    });
    expect(set.statusCode).toBe(200);
    const card = await call(m, 'POST', '/wps/relay/MCS2_bankCards', { bankName: 'BDO', accountNo });
    await fund(app, m.username, balance);
    return { ...m, cardId: card.json().value.bankCardId as number };
  }

  it('tells the member once when a withdrawal is paid through the gateway', async () => {
    const setup = await withGateway(app);
    stops.push(() => setup.gateway.stop());
    const m = await withdrawer('300.00', '5555 2222 1111');
    const w = await call(m, 'POST', '/wps/transaction/withdraw', {
      amount: '120.00',
      bankCardId: m.cardId,
      fundPassword: '246810',
    });
    expect(w.statusCode).toBe(200);
    const id = w.json().value.withdrawalId as string;
    const staff = await staffHeaders(app);
    await race(3, () =>
      app.inject({ method: 'POST', url: `/bo/api/withdrawals/${id}/approve`, headers: staff, payload: {} }),
    );
    const box = await inboxOf(m);
    expect(box.list).toHaveLength(1);
    expect(box.list[0]).toMatchObject({ kind: 'withdrawal_paid', title: 'Withdrawal paid' });
    expect(box.list[0]!.content).toContain('120.00 PHP');
    expect(await walletBalance(app, m.authorization)).toBe('180.00');
    await expectLedgerOk(app);
  }, 120_000);

  it('tells the member when a withdrawal is rejected, once', async () => {
    const m = await withdrawer('300.00', '1234 9999 8888');
    const w = await call(m, 'POST', '/wps/transaction/withdraw', {
      amount: '140.00',
      bankCardId: m.cardId,
      fundPassword: '246810',
    });
    expect(w.statusCode).toBe(200);
    const id = w.json().value.withdrawalId as string;
    const staff = await staffHeaders(app);
    await race(3, () =>
      app.inject({
        method: 'POST',
        url: `/bo/api/withdrawals/${id}/reject`,
        headers: staff,
        payload: { reason: 'name mismatch' },
      }),
    );
    const box = await inboxOf(m);
    expect(box.list).toHaveLength(1);
    expect(box.list[0]).toMatchObject({ kind: 'withdrawal_rejected', title: 'Withdrawal rejected' });
    expect(box.list[0]!.content).toContain('140.00 PHP');
    expect(box.list[0]!.content).toContain('name mismatch');
    expect(await walletBalance(app, m.authorization)).toBe('300.00');
    await expectLedgerOk(app);
  });
});
