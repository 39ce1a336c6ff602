/**
 * The lean baseline the money benchmarks measure the product against (`bench:wallet`, `bench:play`):
 * a minimal server written for the benchmark only, doing the same contract with the same care and
 * nothing else, so that "product / lean" on the same machine in the same run says how much the
 * product's structure costs.
 *
 * - `POST /wps/provider/wallet/{bet,win}`: the seamless contract as the product serves it (x-vendor
 *   and x-signature headers, HMAC-SHA256 over the raw body compared in constant time, the same JSON
 *   envelope), idempotent per transaction id (a replay answers the stored first answer, other content
 *   is IDEMPOTENCY_MISMATCH), double entry (an entry and two lines summing to zero, the member's
 *   balance moved by one conditional UPDATE, `balance_after` on the member line), a win needs an open
 *   bet of the member's and settles it.
 * - `POST /lean/round`: an in-house round (bearer token, the stake and the drawn win in one entry of
 *   three lines), idempotent per request id.
 *
 * PostgreSQL: each movement is one round trip, a PL/pgSQL function doing the idempotency look-up,
 * the conditional balance UPDATE, the entry and its lines and the bet row. SQLite: one transaction
 * per movement with prepared statements (WAL, synchronous=FULL, as the product).
 *
 * Started as a child process by money-support.ts (`startLean`), configured by its environment:
 * LEAN_DB (sqlite|postgres), LEAN_DATA_DIR or LEAN_PG_URL + LEAN_SCHEMA, LEAN_SECRET, LEAN_MEMBERS
 * (member ids 1..N, funded), PORT.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const DB = process.env.LEAN_DB === 'postgres' ? 'postgres' : 'sqlite';
const SECRET = Buffer.from(process.env.LEAN_SECRET ?? 'lean-secret');
const VENDOR = process.env.LEAN_VENDOR ?? 'JILI';
const MEMBERS = Number(process.env.LEAN_MEMBERS ?? 50);
const FUNDS = 100_000_000;
/** Account 0 is the house (its balance is the sum of its lines, never cached: no hot row). */
const HOUSE = 0;

const money = (minor: number) => {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const parseAmount = (v: unknown) => {
  if (typeof v !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(v)) return undefined;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const hashOf = (parts: unknown[]) => createHmac('sha256', 'h').update(JSON.stringify(parts)).digest('hex');

/** What a movement answered: stored with the entry and given back to every replay. */
type Outcome =
  | { ok: true; response: string }
  | {
      ok: false;
      code:
        | 'INSUFFICIENT_FUNDS'
        | 'IDEMPOTENCY_MISMATCH'
        | 'BET_NOT_FOUND'
        | 'ACCOUNT_UNAVAILABLE'
        | 'UNAUTHORIZED';
    };

interface Movement {
  key: string;
  kind: 'bet' | 'win' | 'round';
  member: number;
  /** The member's legs in order: a bet is [-stake], a win [+amount], a round [-stake, +win]. */
  legs: number[];
  hash: string;
  round: string;
  /** A member's round: the SHA-256 of their bearer token, checked against live sessions in the movement. */
  session?: string;
  ref: string | null;
  respond: (balance: number) => string;
}

interface Store {
  move(m: Movement): Promise<Outcome>;
  close(): Promise<void>;
}

// ---------- PostgreSQL: one round trip per movement ----------

const PG_SCHEMA = `
create table lean_accounts (id int primary key, balance bigint);
create table lean_entries (id bigserial primary key, idem_key text not null unique, kind text not null,
  member int not null, round text not null, request_hash text not null, response text not null,
  created_at bigint not null);
create table lean_lines (id bigserial primary key, entry_id bigint not null references lean_entries,
  account_id int not null references lean_accounts, amount bigint not null, balance_after bigint);
create index lean_lines_entry on lean_lines (entry_id);
create table lean_bets (txid text primary key, round text not null, member int not null,
  amount bigint not null, state text not null);
create table lean_sessions (token_hash text primary key, member int not null, expires_at bigint not null,
  revoked_at bigint);
create function lean_move(p_key text, p_kind text, p_member int, p_legs bigint[], p_hash text,
  p_round text, p_ref text, p_response text, p_session text, out status text, out body text)
language plpgsql as $$
declare
  v_entry bigint; v_balance bigint; v_delta bigint := 0; v_leg bigint; v_running bigint;
  v_old record;
begin
  if p_session is not null and not exists (select 1 from lean_sessions s where s.token_hash = p_session
      and s.member = p_member and s.revoked_at is null
      and s.expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint) then
    status := 'UNAUTHORIZED'; return;
  end if;
  select request_hash, response into v_old from lean_entries where idem_key = p_key;
  if found then
    if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
    status := 'replay'; body := v_old.response; return;
  end if;
  foreach v_leg in array p_legs loop v_delta := v_delta + v_leg; end loop;
  -- A stake is judged against the balance before any win of the same entry.
  update lean_accounts set balance = balance + v_delta
    where id = p_member and balance + least(p_legs[1], v_delta) >= 0 returning balance into v_balance;
  if not found then status := 'INSUFFICIENT_FUNDS'; return; end if;
  if p_kind = 'win' then
    update lean_bets set state = 'settled'
      where txid = p_ref and member = p_member and round = p_round and state in ('placed', 'settled');
    if not found then raise exception using errcode = 'P0002', message = 'BET_NOT_FOUND'; end if;
  end if;
  insert into lean_entries (idem_key, kind, member, round, request_hash, response, created_at)
    values (p_key, p_kind, p_member, p_round, p_hash, replace(p_response, '"@balance@"', to_json(
      (v_balance / 100)::text || '.' || lpad((v_balance % 100)::text, 2, '0'))::text),
      (extract(epoch from clock_timestamp()) * 1000)::bigint)
    returning id, response into v_entry, body;
  v_running := v_balance - v_delta;
  foreach v_leg in array p_legs loop
    v_running := v_running + v_leg;
    insert into lean_lines (entry_id, account_id, amount, balance_after) values (v_entry, p_member, v_leg, v_running);
  end loop;
  insert into lean_lines (entry_id, account_id, amount, balance_after) values (v_entry, 0, -v_delta, null);
  if p_kind = 'bet' then
    insert into lean_bets (txid, round, member, amount, state) values (p_key, p_round, p_member, -p_legs[1], 'placed');
  end if;
  status := 'ok';
exception
  when unique_violation then
    -- A concurrent call with the same key committed first: answer it as a replay.
    select request_hash, response into v_old from lean_entries where idem_key = p_key;
    if v_old.request_hash <> p_hash then status := 'IDEMPOTENCY_MISMATCH'; return; end if;
    status := 'replay'; body := v_old.response;
  when no_data_found then
    status := 'BET_NOT_FOUND';
end $$;
`;

async function postgresStore(): Promise<Store> {
  const url = process.env.LEAN_PG_URL!;
  const schema = process.env.LEAN_SCHEMA!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.query(`set search_path = ${schema}`);
  await admin.query(PG_SCHEMA);
  await admin.query(
    `insert into lean_accounts select 0, null union all select g, ${FUNDS} from generate_series(1, ${MEMBERS}) g`,
  );
  for (let i = 1; i <= MEMBERS; i++)
    await admin.query('insert into lean_sessions values ($1, $2, $3, null)', [
      tokenHash(`lean-${i}`),
      i,
      Date.now() + 86_400_000,
    ]);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  return {
    async move(m) {
      const { rows } = await pool.query<{ status: string; body: string | null }>(
        'select status, body from lean_move($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          m.key,
          m.kind,
          m.member,
          m.legs,
          m.hash,
          m.round,
          m.ref,
          m.respond(-1).replace('"-0.01"', '"@balance@"'),
          m.session ?? null,
        ],
      );
      const r = rows[0]!;
      if (r.status === 'ok' || r.status === 'replay') return { ok: true, response: r.body! };
      return { ok: false, code: r.status as Exclude<Outcome, { ok: true }>['code'] };
    },
    close: () => pool.end(),
  };
}

// ---------- SQLite: one transaction per movement ----------

function sqliteStore(): Store {
  const db = new SQLite(path.join(process.env.LEAN_DATA_DIR!, 'lean.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    create table lean_accounts (id integer primary key, balance integer);
    create table lean_entries (id integer primary key, idem_key text not null unique, kind text not null,
      member integer not null, round text not null, request_hash text not null, response text not null,
      created_at integer not null);
    create table lean_lines (id integer primary key, entry_id integer not null references lean_entries,
      account_id integer not null references lean_accounts, amount integer not null, balance_after integer);
    create index lean_lines_entry on lean_lines (entry_id);
    create table lean_bets (txid text primary key, round text not null, member integer not null,
      amount integer not null, state text not null);
    create table lean_sessions (token_hash text primary key, member integer not null,
      expires_at integer not null, revoked_at integer);`);
  const session = db.prepare('insert into lean_sessions values (?, ?, ?, null)');
  for (let i = 1; i <= MEMBERS; i++) session.run(tokenHash(`lean-${i}`), i, Date.now() + 86_400_000);
  const live = db.prepare(
    'select 1 from lean_sessions where token_hash = ? and member = ? and revoked_at is null and expires_at > ?',
  );
  db.prepare('insert into lean_accounts values (0, null)').run();
  const fund = db.prepare('insert into lean_accounts values (?, ?)');
  for (let i = 1; i <= MEMBERS; i++) fund.run(i, FUNDS);
  const find = db.prepare<[string], { request_hash: string; response: string }>(
    'select request_hash, response from lean_entries where idem_key = ?',
  );
  const update = db.prepare<[number, number, number]>(
    'update lean_accounts set balance = balance + ? where id = ? and balance + ? >= 0 returning balance',
  );
  const settle = db.prepare<[string, number, string]>(
    "update lean_bets set state = 'settled' where txid = ? and member = ? and round = ? and state in ('placed', 'settled')",
  );
  const entry = db.prepare(
    'insert into lean_entries (idem_key, kind, member, round, request_hash, response, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const line = db.prepare(
    'insert into lean_lines (entry_id, account_id, amount, balance_after) values (?, ?, ?, ?)',
  );
  const bet = db.prepare("insert into lean_bets values (?, ?, ?, ?, 'placed')");
  class Refused extends Error {
    constructor(readonly code: Exclude<Outcome, { ok: true }>['code']) {
      super(code);
    }
  }
  const tx = db.transaction((m: Movement): Outcome => {
    if (m.session !== undefined && !live.get(m.session, m.member, Date.now()))
      return { ok: false, code: 'UNAUTHORIZED' };
    const old = find.get(m.key);
    if (old)
      return old.request_hash === m.hash
        ? { ok: true, response: old.response }
        : { ok: false, code: 'IDEMPOTENCY_MISMATCH' };
    const delta = m.legs.reduce((a, b) => a + b, 0);
    const row = update.get(delta, m.member, Math.min(m.legs[0]!, delta)) as { balance: number } | undefined;
    if (!row) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    if (m.kind === 'win' && settle.run(m.ref ?? '', m.member, m.round).changes !== 1)
      throw new Refused('BET_NOT_FOUND');
    const response = m.respond(row.balance);
    const id = Number(
      entry.run(m.key, m.kind, m.member, m.round, m.hash, response, Date.now()).lastInsertRowid,
    );
    let running = row.balance - delta;
    for (const leg of m.legs) line.run(id, m.member, leg, (running += leg));
    line.run(id, HOUSE, -delta, null);
    if (m.kind === 'bet') bet.run(m.key, m.round, m.member, -m.legs[0]!);
    return { ok: true, response };
  });
  return {
    async move(m) {
      try {
        return tx.immediate(m);
      } catch (error) {
        if (error instanceof Refused) return { ok: false, code: error.code };
        throw error;
      }
    },
    async close() {
      db.close();
    },
  };
}

// ---------- HTTP ----------

const store = DB === 'postgres' ? await postgresStore() : sqliteStore();
const app = Fastify({ logger: false });
const raw = new WeakMap<object, Buffer>();
app.removeContentTypeParser('application/json');
app.addContentTypeParser(
  'application/json',
  { parseAs: 'buffer', bodyLimit: 8192 },
  (request, body, done) => {
    raw.set(request, body as Buffer);
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  },
);

const refuse = (code: string, status = 400) => ({ status, body: { success: false, code, message: code } });

function signed(request: { headers: Record<string, unknown> }, body: Buffer | undefined): boolean {
  const signature = request.headers['x-signature'];
  if (
    request.headers['x-vendor'] !== VENDOR ||
    typeof signature !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(signature) ||
    !body
  )
    return false;
  return timingSafeEqual(createHmac('sha256', SECRET).update(body).digest(), Buffer.from(signature, 'hex'));
}

/** Lean user names are `m<id>`: the product resolves its own from a cache, this from the name. */
const memberOf = (userName: unknown) => {
  const id = typeof userName === 'string' ? Number(/^m(\d+)$/.exec(userName)?.[1]) : NaN;
  return id >= 1 && id <= MEMBERS ? id : undefined;
};

for (const action of ['bet', 'win'] as const)
  app.post(`/wps/provider/wallet/${action}`, async (request, reply) => {
    if (!signed(request, raw.get(request))) {
      const r = refuse('INVALID_SIGNATURE', 401);
      return reply.code(r.status).send(r.body);
    }
    const body = request.body as Record<string, unknown>;
    const amount = parseAmount(body.amount);
    const member = memberOf(body.userName);
    const { transactionId, roundId } = body;
    if (
      amount === undefined ||
      typeof transactionId !== 'string' ||
      typeof roundId !== 'string' ||
      transactionId.length > 128
    )
      return reply.code(400).send(refuse('VALIDATION_FAILED').body);
    if (member === undefined) return reply.code(400).send(refuse('ACCOUNT_UNAVAILABLE').body);
    const ref = typeof body.refTransactionId === 'string' ? body.refTransactionId : null;
    if (action === 'win' && !ref) return reply.code(400).send(refuse('BET_NOT_FOUND').body);
    const outcome = await store.move({
      key: `${VENDOR}:${transactionId}`,
      kind: action,
      member,
      legs: [action === 'bet' ? -amount : amount],
      hash: hashOf([action, member, roundId, body.gameCode, amount, ref]),
      round: roundId,
      ref: ref && `${VENDOR}:${ref}`,
      respond: (balance) => JSON.stringify({ balance: money(balance), transactionId, duplicate: false }),
    });
    if (!outcome.ok)
      return reply.code(outcome.code === 'INSUFFICIENT_FUNDS' ? 402 : 409).send(refuse(outcome.code).body);
    reply.header('content-type', 'application/json');
    return `{"success":true,"value":${outcome.response}}`;
  });

/**
 * In-house round: bearer `lean-<memberId>` (the member a signed token would name), checked against
 * the live, revocable sessions inside the movement; stake then a coin flip paying 1.96x, one entry.
 */
app.post('/lean/round', async (request, reply) => {
  const token = /^Bearer (lean-\d+)$/.exec(String(request.headers.authorization))?.[1];
  const member = Number(token?.slice(5));
  if (!(member >= 1 && member <= MEMBERS)) return reply.code(401).send(refuse('UNAUTHORIZED', 401).body);
  const body = request.body as Record<string, unknown>;
  const stake = parseAmount(body.stake);
  if (stake === undefined || typeof body.requestId !== 'string')
    return reply.code(400).send(refuse('VALIDATION_FAILED').body);
  const win = randomInt(2) ? Math.floor((stake * 196) / 100) : 0;
  const roundId = `r${member}-${body.requestId}`;
  const outcome = await store.move({
    key: `round:${member}:${body.requestId}`,
    kind: 'round',
    member,
    session: tokenHash(token!),
    legs: [-stake, win],
    hash: hashOf(['round', member, body.gameCode, stake, body.options]),
    round: roundId,
    ref: null,
    respond: (balance) => JSON.stringify({ roundId, balance: money(balance), win: money(win) }),
  });
  if (!outcome.ok)
    return reply.code(outcome.code === 'UNAUTHORIZED' ? 401 : 402).send(refuse(outcome.code).body);
  reply.header('content-type', 'application/json');
  return `{"success":true,"value":${outcome.response}}`;
});

/** The lean ledger check: every entry sums to zero, every cached balance is the sum of its lines. */
app.get('/lean/verify', async () => ({ ok: await verify() }));
async function verify(): Promise<boolean> {
  if (DB === 'postgres') {
    const pool = new pg.Pool({
      connectionString: process.env.LEAN_PG_URL!,
      max: 1,
      options: `-c search_path=${process.env.LEAN_SCHEMA}`,
    });
    try {
      const { rows } = await pool.query<{ bad: number }>(`select
        (select count(*) from (select entry_id from lean_lines group by entry_id having sum(amount) <> 0) u)
      + (select count(*) from lean_accounts a where a.id <> 0 and a.balance <> ${FUNDS} + coalesce((select sum(amount) from lean_lines l where l.account_id = a.id), 0))
      + (select count(*) from lean_accounts where balance < 0) as bad`);
      return Number(rows[0]!.bad) === 0;
    } finally {
      await pool.end();
    }
  }
  const db = new SQLite(path.join(process.env.LEAN_DATA_DIR!, 'lean.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        `select
        (select count(*) from (select entry_id from lean_lines group by entry_id having sum(amount) <> 0))
      + (select count(*) from lean_accounts a where a.id <> 0 and a.balance <> ${FUNDS} + coalesce((select sum(amount) from lean_lines l where l.account_id = a.id), 0))
      + (select count(*) from lean_accounts where balance < 0) as bad`,
      )
      .get() as { bad: number };
    return row.bad === 0;
  } finally {
    db.close();
  }
}
app.get('/healthz', async () => 'ok');

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
