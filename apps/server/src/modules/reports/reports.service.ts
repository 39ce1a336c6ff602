import { addDays, addMonths } from '@playhouse/contract/account-record';
import { formatMoney } from '@playhouse/contract/money';
import {
  REPORT_MAX_DAYS,
  type Dashboard,
  type DashboardQueues,
  type Report,
  type ReportDimension,
  type ReportFigures,
  type ReportPeriod,
  type ReportRow,
} from '@playhouse/contract/reports';
import { fieldError } from '../../lib/app-error.ts';
import type { Db } from '../operators/operators.repository.ts';
import { CSV_BOM, csvRow } from '../transactions/csv.ts';
import { dayAt, dayStart } from '../transactions/period.ts';
import { sql } from 'kysely';
import { FIGURES, derived, zeroFigures, type Figures } from './report-rules.ts';
import type { ReportTotalsService } from './report-totals.service.ts';

interface Deps {
  db: Db;
  totals: ReportTotalsService;
  timeZone: (operatorId: number) => Promise<string>;
  now?: () => number;
}

/** What a day is in a period: itself, the Monday of its week, or its month. */
export function periodOf(day: string, period: ReportPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The [first, last] days of a period key, clipped to [start, end]. */
function periodDays(key: string, period: ReportPeriod, start: string, end: string): [string, string] {
  const first = period === 'month' ? `${key}-01` : key;
  const last =
    period === 'day' ? key : period === 'week' ? addDays(key, 6) : addDays(addMonths(first, 1), -1);
  return [first < start ? start : first, last > end ? end : last];
}

const MEMBER_DIMENSIONS = new Set<ReportDimension>(['all', 'channel', 'agent']);

interface Counts {
  players: number;
  newPlayers: number | null;
  firstDeposits: number | null;
}

function toFigures(f: Figures, c: Counts): ReportFigures {
  const { ggr, ngr } = derived(f);
  return {
    stakes: formatMoney(f.stakes),
    wins: formatMoney(f.wins),
    ggr: formatMoney(ggr),
    bonuses: formatMoney(f.bonuses),
    commissions: formatMoney(f.commissions),
    ngr: formatMoney(ngr),
    bets: f.bets,
    deposits: formatMoney(f.deposits),
    depositCount: f.deposit_count,
    withdrawals: formatMoney(f.withdrawals),
    withdrawalCount: f.withdrawal_count,
    ...c,
  };
}

/** The dashboard and the reports, read from the report tables (decision 040). */
export function createReportsService({ db, totals, timeZone, now = Date.now }: Deps) {
  /** Sums per (period, key) over [start, end]. */
  async function sums(
    operatorId: number,
    currency: string,
    by: ReportDimension,
    start: string,
    end: string,
    period: ReportPeriod,
  ) {
    const rows = await db
      .selectFrom('report_daily_totals')
      .select(['day', 'dim_key', 'players', ...FIGURES])
      .where('operator_id', '=', operatorId)
      .where('currency', '=', currency)
      .where('dimension', '=', by)
      .where('day', '>=', start)
      .where('day', '<=', end)
      .execute();
    const out = new Map<string, { period: string; key: string; figures: Figures; dailyPlayers: number }>();
    for (const r of rows) {
      const p = periodOf(r.day, period);
      const id = `${p}|${r.dim_key}`;
      let row = out.get(id);
      if (!row) out.set(id, (row = { period: p, key: r.dim_key, figures: zeroFigures(), dailyPlayers: 0 }));
      for (const f of FIGURES) row.figures[f] += Number(r[f]);
      // A day's players are distinct within the day: summed only while the period is one day.
      row.dailyPlayers += Number(r.players);
    }
    return out;
  }

  /** Distinct members who staked, per (period, key). */
  async function players(
    operatorId: number,
    currency: string,
    by: ReportDimension,
    start: string,
    end: string,
    period: ReportPeriod,
    periods: readonly string[],
  ) {
    const out = new Map<string, number>();
    const base = db
      .selectFrom('report_member_days')
      .where('operator_id', '=', operatorId)
      .where('currency', '=', currency)
      .where('dimension', '=', by);
    if (period === 'day') {
      const rows = await base
        .select((eb) => ['day', 'dim_key', eb.fn.countAll<number>().as('n')])
        .where('day', '>=', start)
        .where('day', '<=', end)
        .groupBy(['day', 'dim_key'])
        .execute();
      for (const r of rows) out.set(`${r.day}|${r.dim_key}`, Number(r.n));
      return out;
    }
    // A week or month is a run of days: one distinct count per period.
    for (const p of periods) {
      const [first, last] = periodDays(p, period, start, end);
      // Members grouped first (a hash aggregate), then counted: cheaper than count(distinct).
      const members = base
        .select(['dim_key', 'member_id'])
        .where('day', '>=', first)
        .where('day', '<=', last)
        .groupBy(['dim_key', 'member_id'])
        .as('m');
      const rows = await db
        .selectFrom(members)
        .select((eb) => ['m.dim_key', eb.fn.countAll<number>().as('n')])
        .groupBy('m.dim_key')
        .execute();
      for (const r of rows) out.set(`${p}|${r.dim_key}`, Number(r.n));
    }
    return out;
  }

  /** New players and first deposits per (period, key); only for dimensions about members. */
  async function memberCounts(
    operatorId: number,
    currency: string,
    by: ReportDimension,
    zone: string,
    start: string,
    end: string,
    period: ReportPeriod,
  ) {
    const news = new Map<string, number>();
    const firsts = new Map<string, number>();
    if (!MEMBER_DIMENSIONS.has(by)) return { news, firsts };
    const keyOf = (m: { register_method: string | null; upline_id: number | null }) =>
      by === 'all'
        ? ''
        : by === 'channel'
          ? (m.register_method ?? '')
          : m.upline_id === null
            ? ''
            : String(m.upline_id);
    // Registrations counted per operator's day in the database: the day's first instants bound it.
    const days: string[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
    const bounds = [...days, addDays(end, 1)].map((d) => dayStart(d, zone));
    const dayCase = sql<string>`case ${sql.join(
      days.map((d, i) => sql`when created_at < ${bounds[i + 1]!} then ${d}`),
      sql` `,
    )} end`;
    const registered = await db
      .selectFrom('members')
      .select((eb) => [dayCase.as('day'), 'register_method', 'upline_id', eb.fn.countAll<number>().as('n')])
      .where('operator_id', '=', operatorId)
      .where('currency', '=', currency)
      .where('created_at', '>=', bounds[0]!)
      .where('created_at', '<', bounds[bounds.length - 1]!)
      .groupBy([sql`1`, 'register_method', 'upline_id'])
      .execute();
    for (const m of registered) {
      const id = `${periodOf(m.day, period)}|${keyOf({ register_method: m.register_method, upline_id: m.upline_id === null ? null : Number(m.upline_id) })}`;
      news.set(id, (news.get(id) ?? 0) + Number(m.n));
    }
    const first = await db
      .selectFrom('report_first_deposits as f')
      .innerJoin('members as m', 'm.id', 'f.member_id')
      .select((eb) => ['f.day', 'm.register_method', 'm.upline_id', eb.fn.countAll<number>().as('n')])
      .where('f.operator_id', '=', operatorId)
      .where('f.currency', '=', currency)
      .where('f.day', '>=', start)
      .where('f.day', '<=', end)
      .groupBy(['f.day', 'm.register_method', 'm.upline_id'])
      .execute();
    for (const f of first) {
      const id = `${periodOf(f.day, period)}|${keyOf({ register_method: f.register_method, upline_id: f.upline_id === null ? null : Number(f.upline_id) })}`;
      firsts.set(id, (firsts.get(id) ?? 0) + Number(f.n));
    }
    return { news, firsts };
  }

  /** Agents' usernames by member id (the agent dimension's keys). */
  async function agentNames(operatorId: number, keys: string[]) {
    const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('operator_id', '=', operatorId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [String(r.id), r.username]));
  }

  async function resolveRange(operatorId: number, startDate?: string, endDate?: string) {
    const zone = await timeZone(operatorId);
    const today = dayAt(now(), zone);
    const end = endDate ?? today;
    const start = startDate ?? addDays(end, -29);
    if (end < start)
      throw fieldError('endDate', 'dateRange', { min: start, max: addDays(start, REPORT_MAX_DAYS - 1) });
    if (end > addDays(start, REPORT_MAX_DAYS - 1))
      throw fieldError('endDate', 'dateRange', { min: start, max: addDays(start, REPORT_MAX_DAYS - 1) });
    return { zone, start, end, today };
  }

  /** Every row of a report, sorted newest period first, then by GGR (largest first), then key. */
  async function allRows(
    operatorId: number,
    currency: string,
    query: {
      startDate?: string | undefined;
      endDate?: string | undefined;
      period: ReportPeriod;
      by: ReportDimension;
    },
  ) {
    const { zone, start, end } = await resolveRange(operatorId, query.startDate, query.endDate);
    const { period, by } = query;
    // Independent reads side by side (players per day need no list of periods first).
    const [totalsByKey, { news, firsts }] = await Promise.all([
      sums(operatorId, currency, by, start, end, period),
      memberCounts(operatorId, currency, by, zone, start, end, period),
    ]);
    // Rows for keys with new players or first deposits but no money moved.
    for (const id of [...news.keys(), ...firsts.keys()])
      if (!totalsByKey.has(id)) {
        const [p, key] = [id.slice(0, id.indexOf('|')), id.slice(id.indexOf('|') + 1)];
        totalsByKey.set(id, { period: p, key, figures: zeroFigures(), dailyPlayers: 0 });
      }
    const periods = [...new Set([...totalsByKey.values()].map((r) => r.period))];
    const active =
      period === 'day'
        ? new Map([...totalsByKey].map(([id, r]) => [id, r.dailyPlayers]))
        : await players(operatorId, currency, by, start, end, period, periods);
    const names =
      by === 'agent'
        ? await agentNames(
            operatorId,
            [...totalsByKey.values()].map((r) => r.key),
          )
        : null;
    const sorted = [...totalsByKey.entries()].sort(
      ([, a], [, b]) =>
        b.period.localeCompare(a.period) ||
        b.figures.stakes - b.figures.wins - (a.figures.stakes - a.figures.wins) ||
        a.key.localeCompare(b.key),
    );
    const rows: ReportRow[] = sorted.map(([id, r]) => ({
      period: r.period,
      key: names ? (names.get(r.key) ?? r.key) : r.key,
      ...toFigures(r.figures, {
        players: active.get(id) ?? 0,
        newPlayers: MEMBER_DIMENSIONS.has(by) ? (news.get(id) ?? 0) : null,
        firstDeposits: MEMBER_DIMENSIONS.has(by) ? (firsts.get(id) ?? 0) : null,
      }),
    }));
    return { zone, start, end, rows };
  }

  async function queues(operatorId: number): Promise<DashboardQueues> {
    const countWhere = async (
      table:
        | 'deposits'
        | 'withdrawals'
        | 'identity_documents'
        | 'chat_conversations'
        | 'promotion_applications'
        | 'adjustment_requests'
        | 'feedback'
        | 'agent_commissions',
      status: string,
    ) => {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('operator_id', '=', operatorId)
        .where('status', '=', status as never)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    };
    const [
      pendingDeposits,
      pendingWithdrawals,
      identityReviews,
      waitingChats,
      promotionApplications,
      adjustmentApprovals,
      feedback,
      agentCommissions,
    ] = await Promise.all([
      countWhere('deposits', 'PENDING'),
      countWhere('withdrawals', 'PENDING'),
      countWhere('identity_documents', 'UNDER_REVIEW'),
      countWhere('chat_conversations', 'WAITING'),
      countWhere('promotion_applications', 'PENDING'),
      countWhere('adjustment_requests', 'pending'),
      countWhere('feedback', 'PENDING'),
      countWhere('agent_commissions', 'pending'),
    ]);
    return {
      pendingDeposits,
      pendingWithdrawals,
      identityReviews,
      waitingChats,
      promotionApplications,
      adjustmentApprovals,
      feedback,
      agentCommissions,
    };
  }

  return {
    async report(
      operatorId: number,
      currency: string,
      query: {
        startDate?: string | undefined;
        endDate?: string | undefined;
        period: ReportPeriod;
        by: ReportDimension;
        page: number;
        pageSize: number;
      },
    ): Promise<Report> {
      const { zone, start, end, rows } = await allRows(operatorId, currency, query);
      const from = (query.page - 1) * query.pageSize;
      return {
        currency,
        timeZone: zone,
        startDate: start,
        endDate: end,
        period: query.period,
        by: query.by,
        rows: rows.slice(from, from + query.pageSize),
        total: rows.length,
        page: query.page,
        pageSize: query.pageSize,
        asOf: await totals.asOf(),
      };
    },

    /** The whole report as CSV (every row, no paging), safe to open in a spreadsheet. */
    async reportCsv(
      operatorId: number,
      currency: string,
      query: {
        startDate?: string | undefined;
        endDate?: string | undefined;
        period: ReportPeriod;
        by: ReportDimension;
      },
      headings: Record<string, string>,
    ): Promise<{ csv: string; start: string; end: string }> {
      const { start, end, rows } = await allRows(operatorId, currency, query);
      return { csv: reportCsv(rows, currency, headings), start, end };
    },

    async dashboard(operatorId: number, currency: string): Promise<Dashboard> {
      const { zone, start, end, today } = await resolveRange(operatorId);
      const [daily, monthSums, distinct, waiting, asOf] = await Promise.all([
        allRows(operatorId, currency, { startDate: start, endDate: end, period: 'day', by: 'all' }),
        sums(operatorId, currency, 'all', start, end, 'day'),
        db
          .selectFrom(
            db
              .selectFrom('report_member_days')
              .select('member_id')
              .where('operator_id', '=', operatorId)
              .where('currency', '=', currency)
              .where('dimension', '=', 'all')
              .where('day', '>=', start)
              .where('day', '<=', end)
              .groupBy('member_id')
              .as('m'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
        queues(operatorId),
        totals.asOf(),
      ]);
      const byDay = new Map(daily.rows.map((r) => [r.period, r]));
      const empty = (day: string) =>
        ({
          day,
          ...toFigures(zeroFigures(), { players: 0, newPlayers: 0, firstDeposits: 0 }),
        }) as Dashboard['today'];
      const days: Dashboard['days'] = [];
      for (let d = start; d <= end; d = addDays(d, 1)) {
        const row = byDay.get(d);
        if (!row) days.push(empty(d));
        else {
          const { period: _p, key: _k, ...figures } = row;
          days.push({ day: d, ...figures });
        }
      }
      // The 30 days together: sums, and members distinct over them.
      const monthFigures = zeroFigures();
      for (const r of monthSums.values()) for (const f of FIGURES) monthFigures[f] += r.figures[f];
      const newPlayers = days.reduce((s, d) => s + (d.newPlayers ?? 0), 0);
      const firstDeposits = days.reduce((s, d) => s + (d.firstDeposits ?? 0), 0);
      return {
        currency,
        timeZone: zone,
        today: days.find((d) => d.day === today) ?? empty(today),
        yesterday: days.find((d) => d.day === addDays(today, -1)) ?? empty(addDays(today, -1)),
        days,
        month: toFigures(monthFigures, { players: Number(distinct?.n ?? 0), newPlayers, firstDeposits }),
        queues: waiting,
        asOf,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

const CSV_COLUMNS = [
  'period',
  'key',
  'stakes',
  'wins',
  'ggr',
  'bonuses',
  'commissions',
  'ngr',
  'bets',
  'deposits',
  'depositCount',
  'withdrawals',
  'withdrawalCount',
  'players',
  'newPlayers',
  'firstDeposits',
] as const;

/** A report's rows as CSV: a heading row (translated), then one line a row; cells neutralised. */
export function reportCsv(
  rows: readonly ReportRow[],
  currency: string,
  headings: Record<string, string>,
): string {
  let out =
    CSV_BOM + csvRow(CSV_COLUMNS.map((c) => headings[c] ?? c).concat(headings.currency ?? 'currency'));
  for (const row of rows) out += csvRow([...CSV_COLUMNS.map((c) => row[c]), currency]);
  return out;
}
