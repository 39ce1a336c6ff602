import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../operators/operators.repository.ts';

/**
 * A member's bets as one list: in-house rounds (one row each, always settled), draw-game tickets
 * (open until their draw, refunded ones as rolled back) and seamless vendor rounds (one row per vendor round: the stakes of its bets that stand, the wins the ledger paid
 * into it, open while a bet awaits its result). Tombstones are not bets.
 */
export interface BetRow {
  round_id: string;
  game_code: string;
  catalogue_code: string;
  vendor: string;
  game_type: string | null;
  game_name: string | null;
  stake: number | string;
  win: number | string;
  status: string;
  settled_at: number | string;
}

export interface BetFilter {
  operatorId: number;
  memberId: number;
  from: number;
  to: number;
  /** A stored game type (INHOUSE, RNG, LIVE…); undefined for every type. */
  gameType?: string | undefined;
  /** One round only (detail). */
  roundId?: string | undefined;
}

function bets(f: BetFilter): RawBuilder<BetRow> {
  const oneRound = (column: string) =>
    f.roundId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${f.roundId}`;
  return sql<BetRow>`
    select x.*, g.game_type as game_type, g.name as game_name from (
      select r.round_id as round_id, r.game_code as game_code, 'BGS-' || r.game_code as catalogue_code,
        'BGS' as vendor, r.stake as stake, r.win + r.jackpot_win as win, 'settled' as status,
        r.created_at as settled_at
      from play_rounds r
      where r.member_id = ${f.memberId} ${oneRound('r.round_id')}
      union all
      select b.round_id as round_id, max(b.game_code) as game_code, max(b.game_code) as catalogue_code,
        b.vendor_code as vendor,
        sum(case when b.state in ('placed', 'settled') then b.amount else 0 end) as stake,
        coalesce((
          select sum(l.amount) from ledger_entries e
          join ledger_lines l on l.entry_id = e.id and l.balance_after is not null
          where e.operator_id = ${f.operatorId} and e.member_id = ${f.memberId} and e.kind = 'win'
            and e.source = 'vendor:' || b.vendor_code and e.reference = b.round_id
        ), 0) as win,
        case
          when sum(case when b.state = 'placed' then 1 else 0 end) > 0 then 'open'
          when sum(case when b.state = 'settled' then 1 else 0 end) > 0 then 'settled'
          else 'rolled_back'
        end as status,
        max(b.updated_at) as settled_at
      from seamless_bets b
      where b.member_id = ${f.memberId} and b.state <> 'tombstone' ${oneRound('b.round_id')}
      group by b.vendor_code, b.round_id
      union all
      select t.ticket_id as round_id, t.game_code as game_code, 'BGS-' || t.game_code as catalogue_code,
        'BGS' as vendor, case when t.status in ('cancelled', 'void') then 0 else t.stake end as stake,
        t.win as win,
        case when t.status = 'open' then 'open' when t.status in ('won', 'lost') then 'settled'
          else 'rolled_back' end as status,
        coalesce(t.settled_at, t.created_at) as settled_at
      from draw_tickets t
      where t.member_id = ${f.memberId} ${oneRound('t.ticket_id')}
    ) x
    left join games g on g.operator_id = ${f.operatorId} and g.code = x.catalogue_code
  `;
}

function filtered(f: BetFilter) {
  const type =
    f.gameType === undefined
      ? sql``
      : f.gameType === 'INHOUSE'
        ? sql`and y.vendor = 'BGS'`
        : f.gameType === 'LOTT' || f.gameType === 'ELOTT'
          ? sql`and y.game_type = ${f.gameType}`
          : sql`and y.vendor <> 'BGS' and y.game_type = ${f.gameType}`;
  const period =
    f.roundId === undefined ? sql`and y.settled_at >= ${f.from} and y.settled_at < ${f.to}` : sql``;
  return sql`(${bets(f)}) y where 1 = 1 ${period} ${type}`;
}

export async function listBets(db: Db, f: BetFilter, page: { offset: number; limit: number }) {
  const { rows } = await sql<BetRow>`
    select y.* from ${filtered(f)}
    order by y.settled_at desc, y.round_id desc
    limit ${page.limit} offset ${page.offset}
  `.execute(db);
  return rows;
}

export async function betTotals(db: Db, f: BetFilter) {
  const { rows } = await sql<{
    count: number | string;
    stake: number | string | null;
    win: number | string | null;
  }>`
    select count(*) as count, sum(y.stake) as stake, sum(y.win) as win from ${filtered(f)}
  `.execute(db);
  const row = rows[0];
  return { count: Number(row?.count ?? 0), stake: Number(row?.stake ?? 0), win: Number(row?.win ?? 0) };
}

/** One of the member's bets by round id (in-house first), or undefined. */
export async function findBet(db: Db, f: Omit<BetFilter, 'from' | 'to'> & { roundId: string }) {
  const { rows } = await sql<BetRow>`select y.* from ${filtered({ ...f, from: 0, to: 0 })} limit 1`.execute(
    db,
  );
  return rows[0];
}
