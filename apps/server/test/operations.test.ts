import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from '@playhouse/db/create-db';
import { routeFamily } from '../src/plugins/metrics.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, paymentMember, uploadId } from './support/payments.ts';
import { fund } from './support/seamless.ts';
import { DIALECTS, createTestApp } from './support/test-app.ts';

const DASHBOARD = new URL('../../../deploy/grafana/playhouse-dashboard.json', import.meta.url);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A metric's value in the Prometheus text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(DIALECTS)('health, readiness and operator metrics (%s)', (dialect) => {
  it('is ready with its database and Redis, and stops being ready while draining', async () => {
    const app = await createTestApp(dialect, { REDIS_URL, SEED_DEMO: '0' });
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', migrations: 'ok', draining: false },
    });
    expect(ready.headers.connection).not.toBe('close');

    app.lifecycle.draining = true;
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({
      status: 'not ready',
      checks: { draining: true, database: 'ok' },
    });
    // Still serving, but every answer asks the client to reconnect (to another instance).
    const served = await app.inject({ url: '/wps/system/status' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
    // Alive all the same: a drain is not a reason to restart the process.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    app.lifecycle.draining = false;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready when Redis cannot be reached or a migration is missing', async () => {
    // Nothing listens on port 9 of the loopback.
    const noRedis = await createTestApp(dialect, { REDIS_URL: 'redis://127.0.0.1:9', SEED_DEMO: '0' });
    const res = await noRedis.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.redis).toMatch(/^(failed|timeout)$/);
    expect(res.json().checks.database).toBe('ok');

    const behind = await createTestApp(dialect, { SEED_DEMO: '0' });
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(behind.services.db);
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(behind.services.db);
    const notMigrated = await behind.inject({ url: '/readyz' });
    expect(notMigrated.statusCode).toBe(503);
    expect(notMigrated.json().checks).toMatchObject({ migrations: 'failed', redis: 'not configured' });
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      behind.services.db,
    );
    expect((await behind.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('names wallet movements, route families and the money desk queues in /metrics', async () => {
    const app = await createTestApp(dialect);
    const member = await paymentMember(app);
    const key = `ops-${randomUUID()}`;
    await fund(app, member.username, '30.00', key);
    // The same request again is a replay: answered, nothing moved.
    expect((await fund(app, member.username, '30.00', key)).duplicate).toBe(true);
    const round = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: member.authorization },
      payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: randomUUID() },
    });
    expect(round.statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: member.authorization },
      payload: { gameCode: 'COINFLIP', stake: '500.00', options: { side: 'heads' }, requestId: randomUUID() },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const bank = await createChannel(app, BANK_CHANNEL);
    const deposit = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: member.authorization },
      payload: {
        channelId: bank.id,
        amount: '50.00',
        reference: 'OPS-1',
        receiptIds: [await uploadId(app, member.authorization)],
      },
    });
    expect(deposit.statusCode).toBe(200);

    const text = (await app.inject({ url: '/metrics' })).body;
    expect(
      sample(text, 'playhouse_wallet_movements_total{kind="adjustment",channel="bo",outcome="moved"}'),
    ).toBe(1);
    expect(
      sample(text, 'playhouse_wallet_movements_total{kind="adjustment",channel="bo",outcome="replayed"}'),
    ).toBe(1);
    expect(sample(text, 'playhouse_wallet_movements_total{kind="bet",channel="play",outcome="moved"}')).toBe(
      1,
    );
    expect(
      sample(text, 'playhouse_wallet_movement_duration_seconds_count{kind="bet",channel="play"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'playhouse_http_requests_total{family="in-house-play",class="2xx"}')).toBe(1);
    expect(sample(text, 'playhouse_http_requests_total{family="in-house-play",class="4xx"}')).toBe(1);
    expect(sample(text, 'playhouse_http_requests_total{family="payments",class="2xx"}')).toBe(1);
    expect(
      sample(text, 'playhouse_http_request_duration_seconds_count{family="back-office"}'),
    ).toBeGreaterThanOrEqual(3);
    const operator = await app.services.settings.defaultOperator();
    expect(
      sample(text, `playhouse_money_desk_queue{queue="deposits_pending",operator_id="${operator.id}"}`),
    ).toBe(1);
    expect(text).toContain('playhouse_http_open_connections 0');

    // Every series the Grafana dashboard charts is one this server exports.
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const charted = new Set(
      dashboard.panels
        .flatMap((p) => p.targets ?? [])
        .flatMap((t) => t.expr.match(/\b(playhouse|nodejs|process|sqlite)_[a-z0-9_]+/g) ?? [])
        .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(charted.size).toBeGreaterThan(5);
    for (const name of charted) {
      // SQLite's group-commit figures exist only on the embedded database.
      if (name.startsWith('sqlite_') && dialect !== 'sqlite') continue;
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    await expectLedgerOk(app);
  });

  it('puts every route in a family an operator recognises', () => {
    expect(routeFamily('/wps/provider/wallet/bet')).toBe('provider-wallet');
    expect(routeFamily('/wps/relay/GCS_walletTransfer')).toBe('transfer-wallet');
    expect(routeFamily('/play/api/rounds')).toBe('in-house-play');
    expect(routeFamily('/wps/transaction/withdraw')).toBe('payments');
    expect(routeFamily('/wps/relay/MCS2_deposit')).toBe('payments');
    expect(routeFamily('/wps/payments/:gateway/callback')).toBe('payments');
    expect(routeFamily('/bo/api/deposits')).toBe('back-office');
    expect(routeFamily('/wps/system/status')).toBe('player-api');
    expect(routeFamily('/readyz')).toBe('ops');
    expect(routeFamily('/m/*')).toBe('pages');
    expect(routeFamily(undefined)).toBe('unmatched');
  });
});
