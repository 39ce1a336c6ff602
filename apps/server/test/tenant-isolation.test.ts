import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { App, RegisteredRoute } from '../src/app.ts';
import { MEMBER_SESSION } from '../src/modules/members/member-auth.service.ts';
import { STAFF_SESSION } from '../src/modules/backoffice/staff.service.ts';
import { isApiPath } from '../src/lib/request-path.ts';
import { registerMember } from './support/auth-client.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { testImage } from './support/payments.ts';
import { connectVendor, seamlessCall } from './support/seamless.ts';
import { createBrand, registerOn, type Brand } from './support/brands.ts';
import { DIALECTS, createTestApp, staffAuth } from './support/test-app.ts';

/** Live updates are a WebSocket (its own test covers the operator check on upgrade). */
const NOT_HTTP = new Set(['/wps/live']);

type Json = Record<string, unknown>;
const rand = () => randomBytes(4).toString('hex');

/** The keys of a route's zod object schema (body or query), or none. */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * Isolation between operators as a rule (issue 30, decision 039): a member, a staff account, a session
 * token, a vendor secret, an upload, a deposit, a round or a conversation of one operator never reads
 * or moves anything of another. Brand B gets one of each; then every route the server registers is
 * called (1) on brand A's host with A's member and staff sessions naming B's objects in its path, query
 * and body, and (2) on B's host with A's sessions. Nothing of B may show in an answer, a route naming
 * one of B's objects answers 403/404, A's sessions are refused on B's host wherever a session is
 * needed, and not one row of B's changes.
 */
describe.each(DIALECTS)('tenant isolation over every registered route (%s)', (dialect) => {
  let app: App;
  let brand: Brand;
  const b = {} as {
    member: { id: number; username: string; authorization: string };
    staffId: number;
    staffName: string;
    depositId: string;
    roundId: string;
    uploadId: string;
    conversationId: number;
    chatText: string;
    sessionId: number;
  };
  const a = {} as { memberId: number; username: string; staffId: number; operatorId: number };
  let memberAuth = '';
  let staffAuthHeader = '';

  const onB = (headers: Json = {}) => ({ host: brand.host, ...headers }) as Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    brand = await createBrand(app, { name: 'Isolated B', demoMode: true });
    // B's member with money, a round, a deposit, an upload and a conversation.
    const m = await registerOn(app, brand.host, brand.id);
    const row = await app.services.db
      .selectFrom('members')
      .select('id')
      .where('operator_id', '=', brand.id)
      .where('username', '=', m.username)
      .executeTakeFirstOrThrow();
    b.member = { id: Number(row.id), username: m.username, authorization: m.authorization };
    const inject = async (method: string, url: string, headers: Json, payload?: unknown) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: onB(headers),
        ...(payload === undefined ? {} : { payload: payload as Json }),
      });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json().value;
    };
    const member = { authorization: b.member.authorization };
    await inject('POST', '/bo/api/wallet/adjustments', brand.owner, {
      userName: b.member.username,
      amount: '50.00',
      reason: 'isolation seed',
    });
    b.roundId = (
      await inject('POST', '/play/api/rounds', member, {
        gameCode: 'COINFLIP',
        stake: '1.00',
        options: { side: 'heads' },
        requestId: `r${rand()}`,
      })
    ).roundId;
    const up = await app.inject({
      method: 'POST',
      url: '/wps/uploads?purpose=receipt',
      headers: onB({ ...member, 'content-type': 'image/png' }),
      payload: await testImage(),
    });
    b.uploadId = up.json().value.uploads[0].uploadId;
    const channels = (await inject('GET', '/wps/relay/MCS2_depositChannels', member)) as {
      channelId: number;
      kind: string;
    }[];
    const bank = channels.find((c) => c.kind === 'BANK_TRANSFER')!;
    b.depositId = (
      await inject('POST', '/wps/relay/MCS2_deposit', member, {
        channelId: bank.channelId,
        amount: '100.00',
        reference: `ref${rand()}`,
        receiptIds: [b.uploadId],
      })
    ).depositId;
    b.chatText = `b-secret-${rand()}`;
    await inject('POST', '/wps/chat/messages', member, { text: b.chatText });
    const conversations = await inject('GET', '/bo/api/chat/conversations', brand.owner);
    b.conversationId = Number((conversations.list ?? conversations)[0].id);
    b.staffName = `bdesk${rand()}`;
    b.staffId = (
      await inject('POST', '/bo/api/staff', brand.owner, {
        userName: b.staffName,
        password: `given-${b.staffName}-pass`,
        role: 'support',
      })
    ).id;
    const session = await app.services.db
      .selectFrom('sessions')
      .select('id')
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', b.member.id)
      .executeTakeFirstOrThrow();
    b.sessionId = Number(session.id);

    // A's member and owner (the default operator, served on localhost).
    const mA = await registerMember(app);
    const operator = await app.services.settings.defaultOperator();
    a.operatorId = operator.id;
    a.username = mA.username;
    a.memberId = Number(
      (
        await app.services.db
          .selectFrom('members')
          .select('id')
          .where('operator_id', '=', operator.id)
          .where('username', '=', mA.username)
          .executeTakeFirstOrThrow()
      ).id,
    );
    await staffAuth(app);
    a.staffId = Number(
      (
        await app.services.db
          .selectFrom('staff_users')
          .select('id')
          .where('operator_id', '=', operator.id)
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await freshSessions();
  }, 180_000);

  /** New sessions for A's member and owner (a route may have signed them out or changed them). */
  async function freshSessions() {
    const { sessions } = app.services;
    memberAuth = `Bearer ${(await sessions.create({ type: 'member', id: a.memberId, operatorId: a.operatorId }, MEMBER_SESSION, {})).token}`;
    staffAuthHeader = `Bearer ${(await sessions.create({ type: 'staff', id: a.staffId, operatorId: a.operatorId }, STAFF_SESSION, {})).token}`;
  }

  async function keepSessions() {
    const member = await app.inject({ url: '/wps/member/info', headers: { authorization: memberAuth } });
    const staff = await app.inject({ url: '/bo/api/session', headers: { authorization: staffAuthHeader } });
    if (member.statusCode !== 200 || staff.statusCode !== 200) await freshSessions();
  }

  /**
   * Every row of B's, by table and row id (the whole row where a table has no id): each table with an
   * operator_id, and each with a member_id of B's member.
   */
  async function snapshotOfB(): Promise<Record<string, Record<string, string>>> {
    const db = app.services.db;
    const tables = await db.introspection.getTables();
    const out: Record<string, Record<string, string>> = {};
    for (const table of tables) {
      const columns = table.columns.map((c) => c.name);
      const column = columns.includes('operator_id')
        ? 'operator_id'
        : columns.includes('member_id')
          ? 'member_id'
          : undefined;
      if (!column) continue;
      const value = column === 'operator_id' ? brand.id : b.member.id;
      const { rows } =
        await sql<Json>`select * from ${sql.table(table.name)} where ${sql.ref(column)} = ${value}`.execute(
          db,
        );
      const byId: Record<string, string> = {};
      for (const row of rows) {
        const text = JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
        byId[columns.includes('id') ? String(row.id) : text] = text;
      }
      out[table.name] = byId;
    }
    return out;
  }

  /** The rows of `before` that are gone or changed in `after` ("table id"). */
  function changedRows(
    before: Record<string, Record<string, string>>,
    after: Record<string, Record<string, string>>,
  ) {
    const changed: string[] = [];
    for (const [table, rows] of Object.entries(before))
      for (const [id, text] of Object.entries(rows))
        if (after[table]?.[id] !== text) changed.push(`${table} ${id}`);
    return changed;
  }

  const routes = () =>
    app
      .registeredRoutes()
      .filter(
        (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && isApiPath(r.url) && !NOT_HTTP.has(r.url),
      );

  /** B's object a path parameter names (by the route's words), or a harmless sample. */
  function param(url: string, name: string): { value: string; names: boolean } {
    const ofB = (value: string | number) => ({ value: String(value), names: true });
    switch (name) {
      case 'userName':
        return ofB(b.member.username);
      case 'roundId':
        return ofB(b.roundId);
      case 'uploadId':
        return ofB(b.uploadId);
      case 'id':
        if (url.includes('/deposits/')) return ofB(b.depositId);
        if (url.includes('/members/')) return ofB(b.member.id);
        if (url.includes('/staff/')) return ofB(b.staffId);
        if (url.includes('/conversations/')) return ofB(b.conversationId);
        if (url.includes('/uploads/')) return ofB(b.uploadId);
        if (url.includes('/sessions/')) return ofB(b.sessionId);
        return { value: String(b.member.id), names: false };
      default:
        return {
          value:
            {
              code: 'JILI',
              gameCode: 'COINFLIP',
              provider: 'google',
              level: '1',
              file: 'x.webp',
              kind: 'terms',
              language: 'EN',
              gateway: 'REFPAY',
            }[name] ?? '1',
          names: false,
        };
    }
  }

  /** The value a body or query field gets: B's object where its name says which, else a plain sample. */
  function field(key: string): unknown {
    const k = key.toLowerCase();
    if (k === 'username' || k === 'account' || k === 'agent' || k === 'agentname') return b.member.username;
    if (k === 'memberid') return b.member.id;
    if (k.includes('round')) return b.roundId;
    if (k.includes('deposit')) return b.depositId;
    if (k.includes('upload')) return b.uploadId;
    if (k.includes('conversation')) return b.conversationId;
    if (k === 'staffid') return b.staffId;
    if (k === 'amount' || k === 'stake') return '1.00';
    if (k === 'reason' || k === 'text' || k === 'note') return 'isolation check';
    return undefined;
  }

  function request(route: RegisteredRoute) {
    let namesB = false;
    const url = route.url
      .replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const p = param(route.url, name);
        namesB ||= p.names;
        return encodeURIComponent(p.value);
      })
      .replace(/\*$/, 'x');
    const query = new URLSearchParams();
    for (const key of shapeKeys(route.schema?.querystring)) {
      const v = field(key);
      if (v !== undefined) query.set(key, String(v));
    }
    const body: Json = {};
    for (const key of shapeKeys(route.schema?.body)) {
      const v = field(key);
      if (v !== undefined) body[key] = v;
    }
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    return {
      url: query.size ? `${url}?${query}` : url,
      payload: withBody ? body : undefined,
      namesB,
    };
  }

  const send = (route: RegisteredRoute, req: ReturnType<typeof request>, headers: Record<string, string>) =>
    app.inject({
      method: route.method as 'GET',
      url: req.url,
      headers,
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });

  it('walks every registered API route', () => {
    expect(routes().length).toBeGreaterThan(250);
    expect(routes().some((r) => r.url.startsWith('/bo/api/'))).toBe(true);
    expect(routes().some((r) => r.url.startsWith('/lotto/'))).toBe(true);
  });

  it("answers nothing of B's and moves nothing of B's to A's sessions naming B's objects", async () => {
    const before = await snapshotOfB();
    const markers = [b.chatText, b.staffName, 'Isolated B', b.member.username, b.depositId, b.uploadId];
    const failures: string[] = [];
    let namingB = 0;
    for (const route of routes()) {
      const req = request(route);
      if (req.namesB) namingB += 1;
      const authorization = route.url.startsWith('/bo/api/') ? staffAuthHeader : memberAuth;
      const res = await send(route, req, { authorization, language: 'EN' });
      const where = `${route.method} ${req.url} → ${res.statusCode}`;
      const sent = `${req.url} ${JSON.stringify(req.payload ?? {})}`;
      for (const marker of markers)
        if (!sent.includes(String(marker)) && res.body.includes(String(marker)))
          failures.push(`${where}: shows B's ${marker}`);
      if (req.namesB && res.statusCode < 400) failures.push(`${where}: answered for B's object`);
      if (req.namesB && ![400, 403, 404, 405, 409].includes(res.statusCode) && res.statusCode >= 400)
        failures.push(`${where}: ${res.body.slice(0, 120)}`);
      await keepSessions();
    }
    expect(failures).toEqual([]);
    expect(namingB).toBeGreaterThan(20);
    expect(await snapshotOfB()).toEqual(before);
    await expectLedgerOk(app);
  }, 300_000);

  it("refuses A's sessions on B's host wherever a session is needed", async () => {
    await keepSessions();
    const before = await snapshotOfB();
    const failures: string[] = [];
    let guarded = 0;
    for (const route of routes()) {
      const req = request(route);
      const isBackOffice = route.url.startsWith('/bo/api/');
      const authorization = isBackOffice ? staffAuthHeader : memberAuth;
      const guest = await send(route, req, onB({ language: 'EN' }));
      const res = await send(route, req, onB({ authorization, language: 'EN' }));
      const where = `${route.method} ${req.url} on B → ${res.statusCode}`;
      if (res.body.includes(a.username)) failures.push(`${where}: runs as A's member`);
      const needsSession = guest.statusCode === 401 || guest.statusCode === 403;
      if (needsSession) guarded += 1;
      if (needsSession && ![401, 403].includes(res.statusCode))
        failures.push(`${where}: ${res.body.slice(0, 120)}`);
      if (isBackOffice && res.statusCode < 400 && guest.statusCode >= 400)
        failures.push(`${where}: A's staff got in`);
      await keepSessions();
    }
    expect(failures).toEqual([]);
    expect(guarded).toBeGreaterThan(180);
    // Guests' own traffic on B (trial accounts, captcha challenges) may add rows; none of B's changed.
    expect(changedRows(before, await snapshotOfB())).toEqual([]);
    await expectLedgerOk(app);
  }, 300_000);

  it("keeps a vendor's signed calls to A's wallet away from B's members, and B's secret off A", async () => {
    const before = await snapshotOfB();
    const vendorA = await connectVendor(app, 'JILI');
    const forB = {
      userName: b.member.username,
      transactionId: `t${rand()}`,
      roundId: `r${rand()}`,
      amount: '1.00',
    };
    // A's vendor secret, on A's host, naming B's member: no such member here.
    for (const action of ['balance', 'bet', 'win', 'rollback'] as const) {
      const res = await seamlessCall(app, vendorA, action, forB);
      expect(res.statusCode, `${action}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"balance":"49');
    }
    // A's secret is not B's: the same signed call on B's host is refused before anything is read.
    for (const action of ['balance', 'bet'] as const) {
      const res = await seamlessCall(app, vendorA, action, forB, { headers: { host: brand.host } });
      expect([401, 409]).toContain(res.statusCode);
      if (res.statusCode === 401) expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
    expect(changedRows(before, await snapshotOfB())).toEqual([]);
    await expectLedgerOk(app);
  });

  it('checks the ledger per operator: each owner sees its own entries only', async () => {
    const ofA = await app.inject({
      url: '/bo/api/ledger/verify',
      headers: { authorization: staffAuthHeader },
    });
    const ofB = await app.inject({ url: '/bo/api/ledger/verify', headers: onB(brand.owner) });
    expect(ofA.json().value.ok).toBe(true);
    expect(ofB.json().value.ok).toBe(true);
    const whole = await app.services.ledger.verify();
    expect(ofA.json().value.entries + ofB.json().value.entries).toBe(whole.entries);
    expect(ofB.json().value.entries).toBeGreaterThan(0);
  });
});
