import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema, type DbDialect, type DbHandle } from '@playhouse/db/create-db';
import { DIALECTS, TEST_DATABASE_URL } from './support/test-app.ts';
import {
  api,
  call,
  receiptPng,
  runScript,
  signedInMember,
  staffToken,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';

const MEMBERS = 3;
/** Rounds each member plays at least, and at most: they go on until the backup under load is taken. */
const ROUNDS = 30;
const MAX_ROUNDS = 300;
const STAKE = '2.00';

/** A database place the server, `npm run backup` and `npm run restore` all name by their environment. */
interface Place {
  env: Record<string, string>;
  open: () => Promise<DbHandle>;
}

/** What the copy must hold exactly as the source does: money, rounds and the desk's records. */
const COMPARED = [
  'ledger_accounts',
  'ledger_entries',
  'ledger_lines',
  'play_rounds',
  'deposits',
  'withdrawals',
  'members',
] as const;

async function rowsOf(handle: DbHandle, table: (typeof COMPARED)[number]) {
  return (await handle.db.selectFrom(table).selectAll().orderBy('id').execute()) as { id: number }[];
}

/**
 * The restore drill an operator would run, on both databases: a real server moves money over HTTP
 * (deposits through the money desk, in-house rounds, withdrawals held and returned), `npm run backup`
 * copies the database while that goes on, `npm run restore` puts the copy in a fresh place, a server
 * starts on it, and every balance, ledger entry and round is compared with the source.
 */
describe.each(DIALECTS)('restore drill (%s)', (dialect: DbDialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });
  const schema = `drill_${randomBytes(5).toString('hex')}`;

  function tempDir(prefix: string) {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** The place the server starts in; for PostgreSQL a schema of the test database. */
  function sourcePlace(): Place {
    if (dialect === 'sqlite') {
      const dir = tempDir('drill-source-');
      return {
        env: { DATA_DIR: dir },
        open: () => createDb({ url: path.join(dir, 'playhouse.sqlite') }),
      };
    }
    cleanups.push(() => dropSchema(TEST_DATABASE_URL, schema));
    return {
      env: { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema },
      open: () => createDb({ url: TEST_DATABASE_URL, schema, poolSize: 2 }),
    };
  }

  /** An empty place: a new data directory, or a new PostgreSQL database. */
  async function freshPlace(): Promise<Place> {
    if (dialect === 'sqlite') {
      const dir = tempDir('drill-restore-');
      return { env: { DATA_DIR: dir }, open: () => createDb({ url: path.join(dir, 'playhouse.sqlite') }) };
    }
    const name = `drill_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString(), DATABASE_SCHEMA: schema },
      open: () => createDb({ url: url.toString(), schema, poolSize: 2 }),
    };
  }

  it('backs up under load, restores into a fresh place, and a server there holds every movement', async () => {
    const source = sourcePlace();
    const backupDir = tempDir('drill-backups-');
    const scriptEnv = (place: Place) => ({ ...place.env, BACKUP_DIR: backupDir, BACKUP_KEEP: '5' });

    const server = await startServer(source.env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const url = server.url;
    const staff = await staffToken(url);
    const bank = await api(url, 'POST', '/bo/api/payment-channels', staff, {
      kind: 'BANK_TRANSFER',
      method: 'BANK',
      name: 'Bank transfer',
      min: '10.00',
      max: '100000.00',
      bank: { bankName: 'Test Bank', accountName: 'Playhouse Ltd', accountNo: '1234567890' },
    });
    // The drill moves money, it does not test wagering rules: withdrawals need no turnover here.
    await api(url, 'PUT', '/bo/api/payment-settings', staff, {
      turnover: { depositMultiplier: 0, bonusMultiplier: 0 },
    });
    const handle = await source.open();
    cleanups.push(() => handle.close());

    const tag = randomBytes(3).toString('hex');
    const members: { id: number; username: string; token: string; cardId: number }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await signedInMember(url, handle, `drill${tag}${i}`);
      await api(url, 'PUT', '/wps/member/fundPassword', m.token, {
        newFundPassword: '246810',
        loginPassword: 'Harbour7Tangerine',
      });
      const card = await api(url, 'POST', '/wps/relay/MCS2_bankCards', m.token, {
        bankName: 'BDO',
        accountNo: `1234 5678 90${i}`,
      });
      members.push({ ...m, cardId: card.bankCardId as number });
    }

    // What the server acknowledged (answered 200), in order: `kind:id`.
    const acked: string[] = [];
    const ack = (what: string) => acked.push(what);
    const expect200 = (res: { status: number; code?: string }, what: string) => {
      if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.code ?? ''}`);
    };

    async function play(m: (typeof members)[number], i: number) {
      // Funds from the back office and a bank-transfer deposit the money desk approves.
      const adjustmentKey = `drill-${m.username}`;
      await api(url, 'POST', '/bo/api/wallet/adjustments', staff, {
        userName: m.username,
        amount: '500.00',
        reason: 'restore drill funding',
        idempotencyKey: adjustmentKey,
      });
      ack(`adjustment:${adjustmentKey}`);
      const upload = await call(url, 'POST', '/wps/uploads?purpose=receipt', m.token, await receiptPng(), {
        'content-type': 'image/png',
      });
      expect200(upload, 'upload');
      const receiptId = (upload.value.uploads as { uploadId: string }[])[0]!.uploadId;
      const deposit = await api(url, 'POST', '/wps/relay/MCS2_deposit', m.token, {
        channelId: bank.id,
        amount: '300.00',
        reference: `DRILL-${tag}-${i}`,
        receiptIds: [receiptId],
      });
      await api(url, 'POST', `/bo/api/deposits/${String(deposit.depositId)}/approve`, staff, {});
      ack(`deposit:${String(deposit.depositId)}`);
      // In-house rounds, each with its own request id, until the backup under load is written.
      for (let r = 0; r < MAX_ROUNDS && (r < ROUNDS || !backupTaken); r++) {
        const requestId = randomUUID();
        const round = await call(url, 'POST', '/play/api/rounds', m.token, {
          gameCode: 'COINFLIP',
          stake: STAKE,
          options: { side: r % 2 ? 'heads' : 'tails' },
          requestId,
        });
        expect200(round, 'round');
        ack(`round:${requestId}`);
      }
      // Two withdrawals held; the desk returns the second.
      for (let w = 0; w < 2; w++) {
        const held = await api(url, 'POST', '/wps/transaction/withdraw', m.token, {
          amount: '100.00',
          bankCardId: m.cardId,
          fundPassword: '246810',
        });
        ack(`withdrawal:${String(held.withdrawalId)}`);
        if (w === 1) {
          await api(url, 'POST', `/bo/api/withdrawals/${String(held.withdrawalId)}/reject`, staff, {
            reason: 'restore drill',
          });
          ack(`withdrawal-returned:${String(held.withdrawalId)}`);
        }
      }
    }

    let backupTaken = false;
    const load = Promise.all(members.map((m, i) => play(m, i)));
    load.catch(() => undefined);
    // Back up in the middle of the load: once some dozens of movements are in.
    const entries = async () =>
      Number(
        (
          await handle.db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = Date.now() + 60_000;
    while ((await entries()) < 30) {
      if (Date.now() > deadline) throw new Error('the load never reached 30 movements');
      await new Promise((r) => setTimeout(r, 20));
    }
    const ackedBefore = [...acked];
    const underLoad = await runScript('backup', scriptEnv(source));
    backupTaken = true;
    expect(underLoad.stderr).toBe('');
    expect(underLoad.code).toBe(0);
    const ackedDuring = acked.length - ackedBefore.length;
    await load;
    // The load really went on while the backup ran.
    expect(ackedDuring).toBeGreaterThan(0);
    const roundsAcked = acked.filter((a) => a.startsWith('round:')).length;
    expect(acked.length).toBe(MEMBERS * (2 + 3) + roundsAcked);
    const loadBackup = /backup written: (\S+)/.exec(underLoad.stdout)![1]!;

    // Quiet now: a second backup, then the source's figures as its own server reports them.
    const quiet = await runScript('backup', scriptEnv(source));
    expect(quiet.code).toBe(0);
    const quietBackup = /backup written: (\S+)/.exec(quiet.stdout)![1]!;
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.sha256'))).toHaveLength(2);
    const balances = async (serverUrl: string) =>
      Promise.all(
        members.map(
          async (m) => (await api(serverUrl, 'GET', '/wps/wallets/gcs', m.token)).sumBalance as string,
        ),
      );
    const sourceBalances = await balances(url);
    const sourceRows = Object.fromEntries(
      await Promise.all(COMPARED.map(async (t) => [t, await rowsOf(handle, t)])),
    );

    // 1. The copy taken under load, restored and served; meanwhile a restore over the live
    // database is refused (never overwrite a place that holds data).
    const first = await freshPlace();
    const [restored, refused] = await Promise.all([
      runScript('restore', scriptEnv(first), [loadBackup]),
      runScript('restore', scriptEnv(source), [quietBackup]),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('restore refused');
    expect(restored.stdout).toMatch(/ledger OK: \d+ entries, 0 breaches/);
    expect(restored.code).toBe(0);
    const copyServer: ServerProcess = await startServer(first.env);
    cleanups.push(() => stopServer(copyServer, 'SIGKILL'));
    const copyStaff = await staffToken(copyServer.url);
    expect(await api(copyServer.url, 'GET', '/bo/api/ledger/verify', copyStaff)).toMatchObject({
      ok: true,
      breaches: [],
    });
    const copy = await first.open();
    cleanups.push(() => copy.close());
    // A consistent moment of the source: every row the copy holds is the source's row as it was then
    // (ledger rows never change once written), and everything acknowledged before the copy began is in it.
    const copyEntries = await rowsOf(copy, 'ledger_entries');
    const copyLines = await rowsOf(copy, 'ledger_lines');
    const copyRounds = await rowsOf(copy, 'play_rounds');
    expect(copyEntries.length).toBeGreaterThan(0);
    expect(copyEntries).toEqual(sourceRows.ledger_entries!.slice(0, copyEntries.length));
    expect(copyLines).toEqual(sourceRows.ledger_lines!.slice(0, copyLines.length));
    expect(copyRounds).toEqual(sourceRows.play_rounds!.slice(0, copyRounds.length));
    const copyRequestIds = new Set(
      copyRounds.map((r) => (r as unknown as { request_id: string }).request_id),
    );
    const copyKeys = new Set(copyEntries.map((e) => (e as unknown as { idem_key: string }).idem_key));
    const statusOf = async (table: 'deposits' | 'withdrawals') =>
      new Map(
        (await copy.db.selectFrom(table).select(['id', 'status']).execute()).map((r) => [r.id, r.status]),
      );
    const copyDeposits = await statusOf('deposits');
    const copyWithdrawals = await statusOf('withdrawals');
    expect(ackedBefore.length).toBeGreaterThan(0);
    for (const what of ackedBefore) {
      const [kind, id] = what.split(/:(.*)/s) as [string, string];
      if (kind === 'round') expect(copyRequestIds.has(id), what).toBe(true);
      else if (kind === 'adjustment') expect(copyKeys.has(id), what).toBe(true);
      else if (kind === 'deposit') expect(copyDeposits.get(id), what).toBe('APPROVED');
      else if (kind === 'withdrawal') expect(copyWithdrawals.has(id), what).toBe(true);
      else expect(copyWithdrawals.get(id), what).toBe('REJECTED');
    }
    // Taken in the middle: the source went on past it.
    expect(copyEntries.length).toBeLessThan(sourceRows.ledger_entries!.length);
    // Its members' balances as the copy's server shows them equal the copy's ledger.
    const copyBalances = await balances(copyServer.url);
    expect(copyBalances).toHaveLength(MEMBERS);
    const copyAccounts = new Map(
      (await rowsOf(copy, 'ledger_accounts')).map((a) => {
        const row = a as unknown as { member_id: number | null; balance: number };
        return [row.member_id, row.balance] as const;
      }),
    );
    members.forEach((m, i) =>
      expect(Math.round(Number(copyBalances[i]) * 100)).toBe(copyAccounts.get(m.id) ?? 0),
    );
    // The copy serves: a new movement on it works and `npm run ledger:verify` is clean.
    const more = await call(copyServer.url, 'POST', '/play/api/rounds', members[0]!.token, {
      gameCode: 'COINFLIP',
      stake: '1.00',
      options: { side: 'heads' },
      requestId: randomUUID(),
    });
    expect(more.status).toBe(200);
    const verified = await runScript('ledger-verify', first.env);
    expect(verified.stdout).toMatch(/ledger OK: \d+ entries, 0 breaches/);
    expect(verified.code).toBe(0);
    await stopServer(copyServer);

    // 2. The quiet copy holds exactly what the source holds: every balance (ledger_accounts), entry,
    // line and round, row for row.
    const second = await freshPlace();
    const restoredQuiet = await runScript('restore', scriptEnv(second), [quietBackup]);
    expect(restoredQuiet.code).toBe(0);
    const quietCopy = await second.open();
    cleanups.push(() => quietCopy.close());
    for (const table of COMPARED) expect(await rowsOf(quietCopy, table), table).toEqual(sourceRows[table]);
    const quietAccounts = new Map(
      (await rowsOf(quietCopy, 'ledger_accounts')).map((a) => {
        const row = a as unknown as { member_id: number | null; balance: number };
        return [row.member_id, row.balance] as const;
      }),
    );
    members.forEach((m, i) =>
      expect(quietAccounts.get(m.id), m.username).toBe(Math.round(Number(sourceBalances[i]) * 100)),
    );
    const rounds = sourceRows.play_rounds!.length;
    expect(rounds).toBe(roundsAcked);
    await stopServer(server);

    const took = (out: string) => /in (\d+) ms/.exec(out)?.[1] ?? '?';
    console.info(
      `restore drill (${dialect}): ${sourceRows.ledger_entries!.length} entries, ${rounds} rounds; ` +
        `the backup under load (${took(underLoad.stdout)} ms) held ${copyEntries.length} entries ` +
        `while ${ackedDuring} movements were acknowledged during the backup command; ` +
        `restores took ${took(restored.stdout)} ms and ${took(restoredQuiet.stdout)} ms with the ledger check`,
    );
  }, 240_000);
});
