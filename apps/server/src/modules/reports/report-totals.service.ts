import { sql } from 'kysely';
import type { Db } from '../operators/operators.repository.ts';
import { dayAt } from '../transactions/period.ts';
import {
  FIGURES,
  addFigures,
  dimensionKeys,
  entryFigures,
  isGameKind,
  isZero,
  missingIds,
  vendorOf,
  zeroFigures,
  type Figures,
  type JournalEntry,
} from './report-rules.ts';

const WATERMARK = 'journal';
/** Entries read per pass step. */
const BATCH = 10_000;
/** Ids per `in (…)` list. */
const IN_LIST = 2000;
/** Rows per multi-row upsert (16 parameters a row: under both databases' parameter limits). */
const UPSERT_ROWS = 1500;
/**
 * How long an id the journal skipped is looked for again. On PostgreSQL ids are taken when a
 * transaction inserts and become visible when it commits, so a later id can be seen first; a skipped
 * id is either a movement still committing (a ledger transaction is one short step) or one that was
 * undone or never written (a refused seamless bet, a lost idempotency race), which never comes.
 */
export const GAP_HORIZON_MS = 10 * 60_000;

interface Options {
  timeZone: (operatorId: number) => Promise<string>;
  now?: () => number;
}

/**
 * Keeps the report tables (decision 040) by reading the journal after a watermark: each pass reads
 * the entries not counted yet, adds what they move to the day's totals per dimension, and moves the
 * watermark in the same transaction, which first takes the watermark row (a pass that finds it moved
 * by another instance meanwhile undoes itself: nothing is counted twice).
 */
export function createReportTotalsService(db: Db, options: Options) {
  const now = options.now ?? Date.now;

  async function readWatermark() {
    const row = await db
      .selectFrom('report_watermark')
      .selectAll()
      .where('name', '=', WATERMARK)
      .executeTakeFirst();
    if (row)
      return {
        seen: Number(row.seen_id),
        gaps: JSON.parse(row.gaps) as [number, number][],
        version: Number(row.version),
        exists: true,
      };
    return { seen: 0, gaps: [] as [number, number][], version: 0, exists: false };
  }

  async function readEntries(where: { after: number } | { ids: number[] }): Promise<JournalEntry[]> {
    let q = db
      .selectFrom('ledger_entries')
      .select(['id', 'operator_id', 'kind', 'member_id', 'currency', 'created_at', 'reference', 'source']);
    q =
      'after' in where
        ? q.where('id', '>', where.after).orderBy('id').limit(BATCH)
        : q.where('id', 'in', where.ids);
    const rows = await q.execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const lines: { entry_id: number; amount: number; member_id: number | null; purpose: string | null }[] =
      [];
    const lineQuery = db
      .selectFrom('ledger_lines as l')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .select(['l.entry_id', 'l.amount', 'a.member_id', 'a.purpose']);
    if ('after' in where)
      // One range of the entry index; lines of ids this read did not see are left out below.
      lines.push(
        ...(await lineQuery
          .where('l.entry_id', '>', where.after)
          .where('l.entry_id', '<=', ids[ids.length - 1]!)
          .orderBy('l.id')
          .execute()),
      );
    else
      for (const chunk of chunks(ids, IN_LIST))
        lines.push(...(await lineQuery.where('l.entry_id', 'in', chunk).orderBy('l.id').execute()));
    const byEntry = new Map<number, JournalEntry & { reference: string | null; source: string }>();
    for (const r of rows)
      byEntry.set(Number(r.id), {
        id: Number(r.id),
        operatorId: Number(r.operator_id),
        kind: r.kind,
        memberId: r.member_id === null ? null : Number(r.member_id),
        currency: r.currency,
        createdAt: Number(r.created_at),
        reference: r.reference,
        source: r.source,
        lines: [],
      });
    for (const l of lines)
      byEntry.get(Number(l.entry_id))?.lines.push({
        amount: Number(l.amount),
        memberId: l.member_id === null ? null : Number(l.member_id),
        purpose: l.purpose,
      });
    return [...byEntry.values()];
  }

  /** The game of each game movement: its round, seamless bet or draw ticket. */
  async function gamesOf(entries: (JournalEntry & { reference?: string | null; source?: string })[]) {
    const games = new Map<number, string>();
    const gameEntries = entries.filter((e) => isGameKind(e.kind));
    if (gameEntries.length === 0) return games;
    const ids = gameEntries.map((e) => e.id);
    for (const chunk of chunks(ids, IN_LIST)) {
      for (const r of await db
        .selectFrom('play_rounds')
        .select(['entry_id', 'game_code'])
        .where('entry_id', 'in', chunk)
        .execute())
        games.set(Number(r.entry_id), r.game_code);
      for (const r of await db
        .selectFrom('seamless_bets')
        .select(['entry_id', 'game_code'])
        .where('entry_id', 'in', chunk)
        .execute())
        if (r.entry_id !== null) games.set(Number(r.entry_id), r.game_code);
    }
    // Wins and rollbacks of seamless vendors: the game of the round's bets.
    const rounds = new Map<string, number[]>();
    const tickets = new Map<string, number[]>();
    for (const e of gameEntries) {
      if (games.has(e.id) || !e.reference) continue;
      const target = e.source?.startsWith('vendor:')
        ? rounds
        : e.source?.startsWith('draws:')
          ? tickets
          : null;
      if (!target) continue;
      const key = target === rounds ? `${e.operatorId}|${e.source!.slice(7)}|${e.reference}` : e.reference;
      target.set(key, [...(target.get(key) ?? []), e.id]);
    }
    const byRound = new Map<string, string>();
    // By operator and vendor, so the lookup uses the bets' (operator, vendor, round) index.
    const perVendor = new Map<string, string[]>();
    for (const key of rounds.keys()) {
      const [operatorId, vendor, ...round] = key.split('|');
      const group = `${operatorId}|${vendor}`;
      perVendor.set(group, [...(perVendor.get(group) ?? []), round.join('|')]);
    }
    for (const [group, roundIds] of perVendor) {
      const [operatorId, vendor] = group.split('|') as [string, string];
      for (const chunk of chunks(roundIds, 500))
        for (const r of await db
          .selectFrom('seamless_bets')
          .select(['round_id', 'game_code'])
          .where('operator_id', '=', Number(operatorId))
          .where('vendor_code', '=', vendor)
          .where('round_id', 'in', chunk)
          .execute())
          byRound.set(`${group}|${r.round_id}`, r.game_code);
    }
    for (const [key, entryIds] of rounds) {
      const game = byRound.get(key);
      if (game !== undefined) for (const id of entryIds) games.set(id, game);
    }
    const refs = [...tickets.keys()];
    for (const chunk of chunks(refs, 500)) {
      const found = await db
        .selectFrom('draw_tickets')
        .select(['ticket_id', 'order_id', 'game_code'])
        .where((eb) => eb.or([eb('ticket_id', 'in', chunk), eb('order_id', 'in', chunk)]))
        .execute();
      for (const t of found)
        for (const ref of [t.ticket_id, t.order_id])
          for (const id of tickets.get(ref) ?? []) games.set(id, t.game_code);
    }
    return games;
  }

  async function membersOf(entries: JournalEntry[]) {
    const ids = [...new Set(entries.flatMap((e) => (e.memberId === null ? [] : [e.memberId])))];
    const members = new Map<number, { channel: string | null; agent: number | null }>();
    for (const chunk of chunks(ids, IN_LIST))
      for (const m of await db
        .selectFrom('members')
        .select(['id', 'register_method', 'upline_id'])
        .where('id', 'in', chunk)
        .execute())
        members.set(Number(m.id), {
          channel: m.register_method,
          agent: m.upline_id === null ? null : Number(m.upline_id),
        });
    return members;
  }

  /** What a batch of entries adds to the report tables (read outside the writing transaction). */
  async function plan(entries: JournalEntry[]) {
    const [games, members] = await Promise.all([gamesOf(entries), membersOf(entries)]);
    const zones = new Map<number, string>();
    for (const operatorId of new Set(entries.map((e) => e.operatorId)))
      zones.set(operatorId, await options.timeZone(operatorId));
    // The day of an instant, by quarter hour (every time zone's offset is a whole number of them).
    const days = new Map<string, string>();
    const dayOf = (operatorId: number, ms: number) => {
      const key = `${operatorId}|${Math.floor(ms / 900_000)}`;
      let day = days.get(key);
      if (day === undefined) days.set(key, (day = dayAt(ms, zones.get(operatorId)!)));
      return day;
    };

    const totals = new Map<string, { key: [number, string, string, string, string]; figures: Figures }>();
    const active = new Map<string, [number, string, string, string, string, number]>();
    const firstDeposits = new Map<
      number,
      { operatorId: number; currency: string; day: string; entryId: number; amount: number }
    >();
    for (const entry of entries) {
      const { figures, staked } = entryFigures(entry);
      if (isZero(figures)) continue;
      const day = dayOf(entry.operatorId, entry.createdAt);
      const member = entry.memberId === null ? undefined : members.get(entry.memberId);
      const keys = dimensionKeys(entry, {
        vendor: vendorOf(entry),
        game: games.get(entry.id) ?? null,
        channel: member?.channel ?? null,
        agent: member?.agent ?? null,
      });
      for (const [dimension, dimKey] of keys) {
        const id = `${entry.operatorId}|${entry.currency}|${dimension}|${day}|${dimKey}`;
        let row = totals.get(id);
        if (!row)
          totals.set(
            id,
            (row = {
              key: [entry.operatorId, entry.currency, dimension, day, dimKey],
              figures: zeroFigures(),
            }),
          );
        addFigures(row.figures, figures);
        if (staked && entry.memberId !== null)
          active.set(`${id}|${entry.memberId}`, [
            entry.operatorId,
            entry.currency,
            dimension,
            day,
            dimKey,
            entry.memberId,
          ]);
      }
      if (entry.kind === 'deposit' && figures.deposits > 0 && entry.memberId !== null) {
        const seen = firstDeposits.get(entry.memberId);
        if (!seen || seen.entryId > entry.id)
          firstDeposits.set(entry.memberId, {
            operatorId: entry.operatorId,
            currency: entry.currency,
            day,
            entryId: entry.id,
            amount: figures.deposits,
          });
      }
    }

    return { totals, active, firstDeposits };
  }

  /** Writes a batch's plan inside `trx`. */
  async function count(trx: Db, { totals, active, firstDeposits }: Awaited<ReturnType<typeof plan>>) {
    // Members new to a day's key first: each adds one to that row's players.
    const players = new Map<string, number>();
    for (const chunk of chunks([...active.values()], UPSERT_ROWS * 2.5)) {
      const added = await trx
        .insertInto('report_member_days')
        .values(
          chunk.map(([operator_id, currency, dimension, day, dim_key, member_id]) => ({
            operator_id,
            currency,
            dimension,
            day,
            dim_key,
            member_id,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning(['operator_id', 'currency', 'dimension', 'day', 'dim_key'])
        .execute();
      for (const r of added) {
        const id = `${Number(r.operator_id)}|${r.currency}|${r.dimension}|${r.day}|${r.dim_key}`;
        players.set(id, (players.get(id) ?? 0) + 1);
      }
    }
    for (const chunk of chunks([...totals.entries()], UPSERT_ROWS))
      await trx
        .insertInto('report_daily_totals')
        .values(
          chunk.map(
            ([
              id,
              {
                key: [operator_id, currency, dimension, day, dim_key],
                figures,
              },
            ]) => ({
              operator_id,
              currency,
              dimension,
              day,
              dim_key,
              ...figures,
              players: players.get(id) ?? 0,
            }),
          ),
        )
        .onConflict((oc) =>
          oc
            .columns(['operator_id', 'currency', 'dimension', 'day', 'dim_key'])
            .doUpdateSet(
              Object.fromEntries(
                [...FIGURES, 'players' as const].map((f) => [
                  f,
                  sql`report_daily_totals.${sql.ref(f)} + excluded.${sql.ref(f)}`,
                ]),
              ),
            ),
        )
        .execute();
    for (const chunk of chunks([...firstDeposits.entries()], UPSERT_ROWS))
      await trx
        .insertInto('report_first_deposits')
        .values(
          chunk.map(([member_id, d]) => ({
            member_id,
            operator_id: d.operatorId,
            currency: d.currency,
            day: d.day,
            entry_id: d.entryId,
            amount: d.amount,
          })),
        )
        .onConflict((oc) =>
          oc
            .column('member_id')
            .doUpdateSet({
              day: (eb) => eb.ref('excluded.day'),
              entry_id: (eb) => eb.ref('excluded.entry_id'),
              amount: (eb) => eb.ref('excluded.amount'),
              currency: (eb) => eb.ref('excluded.currency'),
            })
            .where(sql<boolean>`excluded.entry_id < report_first_deposits.entry_id`),
        )
        .execute();
  }

  /**
   * One step: the skipped ids that became visible and up to BATCH new entries, counted, with the
   * watermark moved, in one transaction. Answers how many entries it counted (0: caught up), or
   * `null` when another instance moved the watermark first.
   */
  async function step(): Promise<number | null> {
    const mark = await readWatermark();
    const at = now();
    const late = mark.gaps.length ? await readEntries({ ids: mark.gaps.map(([id]) => id) }) : [];
    const fresh = await readEntries({ after: mark.seen });
    const lateIds = new Set(late.map((e) => e.id));
    const freshIds = fresh.map((e) => e.id);
    const gaps = [
      ...mark.gaps.filter(([id, since]) => !lateIds.has(id) && at - since < GAP_HORIZON_MS),
      ...missingIds(mark.seen, freshIds).map((id): [number, number] => [id, at]),
    ];
    const seen = freshIds.length ? freshIds[freshIds.length - 1]! : mark.seen;
    if (late.length === 0 && fresh.length === 0 && gaps.length === mark.gaps.length) return 0;
    const through = gaps.length ? Math.min(...gaps.map(([id]) => id)) - 1 : seen;
    const counted = await plan([...late, ...fresh]);
    const moved = await db.transaction().execute(async (trx) => {
      if (!mark.exists) {
        const inserted = await trx
          .insertInto('report_watermark')
          .values({
            name: WATERMARK,
            through_id: through,
            seen_id: seen,
            gaps: JSON.stringify(gaps),
            version: 1,
            updated_at: at,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      } else {
        const updated = await trx
          .updateTable('report_watermark')
          .set({
            through_id: through,
            seen_id: seen,
            gaps: JSON.stringify(gaps),
            version: mark.version + 1,
            updated_at: at,
          })
          .where('name', '=', WATERMARK)
          .where('version', '=', mark.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
      }
      await count(trx, counted);
      return true;
    });
    return moved ? late.length + fresh.length : null;
  }

  return {
    /** Counts every entry not counted yet; answers how many it counted. */
    async catchUp(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await step();
        if (!n) return total;
        total += n;
        if (n < BATCH) return total;
      }
    },
    /** When the totals were last moved on (epoch ms), or null before the first pass. */
    async asOf(): Promise<number | null> {
      const row = await db
        .selectFrom('report_watermark')
        .select('updated_at')
        .where('name', '=', WATERMARK)
        .executeTakeFirst();
      return row ? Number(row.updated_at) : null;
    },
  };
}

export type ReportTotalsService = ReturnType<typeof createReportTotalsService>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
