import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { listenForReal, startReferenceProvider, type RunningProvider } from './support/reference-provider.ts';
import { connectVendor, fund, walletBalance } from './support/seamless.ts';

interface DriveReport {
  rounds: number;
  acknowledged: { bets: number; wins: number; rollbacks: number };
  duplicates: number;
  refused: Record<string, number>;
  balance: string | null;
  results: { roundId: string; bet: { ok: boolean }; settle?: { ok: boolean; action: string } }[];
}

/** The server and the reference provider as separate processes talking real HTTP. */
describe.each(DIALECTS)('reference provider over HTTP (%s)', (dialect) => {
  const providers: RunningProvider[] = [];
  afterAll(async () => {
    await Promise.all(providers.map((p) => p.stop()));
  });

  const ready = (async () => {
    const app = await createTestApp(dialect);
    const vendor = await connectVendor(app, 'JILI');
    const target = await listenForReal(app);
    const provider = await startReferenceProvider({ target, vendor: vendor.code, secret: vendor.secret });
    providers.push(provider);
    return { app, vendor, target, provider };
  })();

  const drive = async (provider: RunningProvider, body: Record<string, unknown>) => {
    const res = await fetch(`${provider.url}/drive/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as DriveReport;
  };

  it('plays concurrent rounds with duplicated calls and every acknowledged movement lands once', async () => {
    const { app, provider } = await ready;
    const health = await fetch(`${provider.url}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', vendor: 'JILI' });

    const member = await createTestMember(app);
    await fund(app, member.username, '100.00');
    const report = await drive(provider, {
      userName: member.username,
      gameCode: 'JILI-SLOT-001',
      stake: '1.00',
      win: '1.50',
      count: 40,
      concurrency: 8,
      duplicates: 1,
    });
    expect(report).toMatchObject({
      rounds: 40,
      acknowledged: { bets: 40, wins: 40, rollbacks: 0 },
      // Every call went out twice; each second copy was answered as a duplicate.
      duplicates: 80,
      refused: {},
      balance: '120.00',
    });
    expect(await walletBalance(app, member.authorization)).toBe('120.00');
    await expectLedgerOk(app);
  });

  it('rolls rounds back, and refuses stakes the balance cannot cover', async () => {
    const { app, provider } = await ready;
    const member = await createTestMember(app);
    await fund(app, member.username, '110.00');
    const cancelled = await drive(provider, {
      userName: member.username,
      gameCode: 'JILI-SLOT-002',
      stake: '7.00',
      win: '0.00',
      settle: 'rollback',
      count: 10,
      concurrency: 5,
    });
    expect(cancelled).toMatchObject({
      acknowledged: { bets: 10, wins: 0, rollbacks: 10 },
      balance: '110.00',
    });

    const short = await drive(provider, {
      userName: member.username,
      gameCode: 'JILI-SLOT-002',
      stake: '50.00',
      win: '0.00',
      count: 5,
    });
    expect(short).toMatchObject({
      acknowledged: { bets: 2, wins: 2 },
      refused: { INSUFFICIENT_FUNDS: 3 },
      balance: '10.00',
    });
    expect(await walletBalance(app, member.authorization)).toBe('10.00');
    await expectLedgerOk(app);
  });

  it('is refused outright when it signs with the wrong secret', async () => {
    const { app, target } = await ready;
    const impostor = await startReferenceProvider({
      target,
      vendor: 'JILI',
      secret: 'not-the-vendor-secret',
    });
    providers.push(impostor);
    const member = await createTestMember(app);
    await fund(app, member.username, '5.00');
    const report = await drive(impostor, {
      userName: member.username,
      gameCode: 'JILI-SLOT-001',
      stake: '1.00',
      win: '9.00',
      count: 3,
    });
    expect(report).toMatchObject({
      acknowledged: { bets: 0, wins: 0 },
      refused: { INVALID_SIGNATURE: 3 },
      balance: null,
    });
    expect(await walletBalance(app, member.authorization)).toBe('5.00');
    await expectLedgerOk(app);
  });
});
