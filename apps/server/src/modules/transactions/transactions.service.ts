import type { LanguageCode } from '@playhouse/contract/languages';
import { formatMoney } from '@playhouse/contract/money';
import { KIND_TYPE, kindsOfType } from '@playhouse/contract/account-record';
import {
  type RecordPage,
  type RecordQuery,
  type Statement,
  type StatementQuery,
} from '@playhouse/contract/transactions';
import type { EntryKind } from '@playhouse/contract/wallet';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { CSV_BOM, csvRow } from './csv.ts';
import { resolvePeriod, wallTime, type Period } from './period.ts';
import { statementFigures, type KindSums } from './statement.ts';
import * as repo from './transactions.repository.ts';

/** Movements a statement file reads per query while it streams. */
const CSV_BATCH = 500;

type Movement = Awaited<ReturnType<typeof repo.listMovements>>[number];

const toItem = (row: Movement) => {
  const kind = row.kind as EntryKind;
  return {
    id: Number(row.id),
    type: KIND_TYPE[kind],
    kind,
    amount: formatMoney(Number(row.amount)),
    balanceAfter: formatMoney(Number(row.balance_after)),
    createdAt: Number(row.created_at),
    reference: row.reference,
  };
};

const periodOf = (p: Period) => ({ startDate: p.startDate, endDate: p.endDate, timeZone: p.timeZone });

/**
 * The member's account record and statements, read from the ledger's journal (architecture:
 * "Account record"; decision 012 keeps `balance_after` on every member line for this). Only the
 * signed-in member's own wallet is ever read: every query is scoped by the session's member id and
 * that member's wallet account.
 */
export function createTransactionsService(db: Db) {
  const t = createTranslator('records');

  async function scopeOf(who: AuthenticatedMember) {
    const wallet = await repo.findWalletAccount(db, who.id);
    if (!wallet) throw new AppError('SESSION_EXPIRED');
    return {
      currency: wallet.currency,
      // No account yet: no money ever moved, so every list is empty and every balance 0.00.
      scope:
        wallet.account_id === null ? undefined : { memberId: who.id, accountId: Number(wallet.account_id) },
    };
  }

  return {
    /** One page of the member's movements in a period, newest first, with totals over the whole filter. */
    async record(who: AuthenticatedMember, query: RecordQuery): Promise<RecordPage> {
      const period = resolvePeriod(query, now());
      const { scope } = await scopeOf(who);
      const kinds = query.type && query.type !== 'all' ? kindsOfType(query.type) : undefined;
      const page = { pageNo: query.pageNo, pageSize: query.pageSize };
      if (!scope)
        return {
          ...periodOf(period),
          list: [],
          ...page,
          totalCount: 0,
          totalPages: 0,
          totals: { count: 0, totalIn: '0.00', totalOut: '0.00', net: '0.00' },
        };
      const filter = { from: period.from, to: period.to, kinds };
      const [rows, sums] = await Promise.all([
        repo.listMovements(db, scope, filter, {
          offset: (query.pageNo - 1) * query.pageSize,
          limit: query.pageSize,
        }),
        repo.sumsByKind(db, scope, period),
      ]);
      const matching = sums.filter((s) => !kinds || kinds.includes(s.kind as EntryKind));
      const count = matching.reduce((n, s) => n + s.count, 0);
      const totalIn = matching.reduce((n, s) => n + s.totalIn, 0);
      const totalOut = matching.reduce((n, s) => n + s.totalOut, 0);
      return {
        ...periodOf(period),
        list: rows.map(toItem),
        ...page,
        totalCount: count,
        totalPages: Math.ceil(count / query.pageSize),
        totals: {
          count,
          totalIn: formatMoney(totalIn),
          totalOut: formatMoney(totalOut),
          net: formatMoney(totalIn + totalOut),
        },
      };
    },

    /**
     * A period's statement. Opening and closing balances are the balance after the member's last
     * movement before the period's start and end (0.00 before their first); the figures are the
     * journal's sums by kind. Read in one snapshot, so a movement meanwhile cannot make the figures
     * disagree with the balances.
     */
    async statement(who: AuthenticatedMember, query: StatementQuery): Promise<Statement> {
      const period = resolvePeriod(query, now());
      const { currency, scope } = await scopeOf(who);
      const read = scope
        ? await db
            .transaction()
            .setIsolationLevel('repeatable read')
            .execute(async (trx) => {
              const sums: KindSums = {};
              let movements = 0;
              for (const row of await repo.sumsByKind(trx, scope, period)) {
                sums[row.kind as EntryKind] = { totalIn: row.totalIn, totalOut: row.totalOut };
                movements += row.count;
              }
              return {
                opening: (await repo.balanceBefore(trx, scope, period.from)) ?? 0,
                closing: (await repo.balanceBefore(trx, scope, period.to)) ?? 0,
                sums,
                movements,
              };
            })
        : { opening: 0, closing: 0, sums: {}, movements: 0 };
      const f = statementFigures(read.sums);
      return {
        ...periodOf(period),
        currency,
        openingBalance: formatMoney(read.opening),
        closingBalance: formatMoney(read.closing),
        netDeposits: formatMoney(f.netDeposits),
        netWithdrawals: formatMoney(f.netWithdrawals),
        netWinLoss: formatMoney(f.netWinLoss),
        bonuses: formatMoney(f.bonuses),
        adjustments: formatMoney(f.adjustments),
        netTransfers: formatMoney(f.netTransfers),
        totalStaked: formatMoney(f.totalStaked),
        movements: read.movements,
      };
    },

    /**
     * The statement as a CSV file in the request's language: one row per movement, oldest first,
     * then the summary. The rows stream in batches; the summary is summed from the very rows written
     * (and the closing balance is the last row's), so the file always agrees with itself.
     */
    async statementCsv(who: AuthenticatedMember, query: StatementQuery, language: LanguageCode) {
      // Checked before the response starts, so a bad period is still a JSON validation error.
      const period = resolvePeriod(query, now());
      const { currency, scope } = await scopeOf(who);
      const opening = scope ? ((await repo.balanceBefore(db, scope, period.from)) ?? 0) : 0;
      const tr = (key: string) => t(language, key);
      const filename = `statement-${period.startDate}-${period.endDate}.csv`;

      async function* lines(): AsyncGenerator<string> {
        yield (
          CSV_BOM +
          csvRow([
            tr('csv.date'),
            tr('csv.type'),
            tr('csv.amount'),
            tr('csv.balanceAfter'),
            tr('csv.reference'),
            tr('csv.entry'),
          ])
        );
        const sums: KindSums = {};
        let closing = opening;
        let after: { createdAt: number; id: number } | undefined;
        for (;;) {
          const rows = scope ? await repo.movementsAfter(db, scope, period, after, CSV_BATCH) : [];
          let chunk = '';
          for (const row of rows) {
            const item = toItem(row);
            const amount = Number(row.amount);
            const sum = (sums[item.kind] ??= { totalIn: 0, totalOut: 0 });
            if (amount > 0) sum.totalIn += amount;
            else sum.totalOut += amount;
            closing = Number(row.balance_after);
            chunk += csvRow([
              wallTime(item.createdAt, period.timeZone),
              tr(`kinds.${item.kind}`),
              item.amount,
              item.balanceAfter,
              item.reference,
              item.id,
            ]);
          }
          if (chunk) yield chunk;
          const last = rows.at(-1);
          if (!last || rows.length < CSV_BATCH) break;
          after = { createdAt: Number(last.created_at), id: Number(last.id) };
        }
        const f = statementFigures(sums);
        yield (
          '\r\n' +
          csvRow([tr('csv.summary')]) +
          csvRow([tr('csv.period'), period.startDate, period.endDate]) +
          csvRow([tr('csv.timeZone'), period.timeZone]) +
          csvRow([tr('csv.currency'), currency]) +
          csvRow([tr('statement.opening'), formatMoney(opening)]) +
          csvRow([tr('statement.deposits'), formatMoney(f.netDeposits)]) +
          csvRow([tr('statement.withdrawals'), formatMoney(f.netWithdrawals)]) +
          csvRow([tr('statement.winLoss'), formatMoney(f.netWinLoss)]) +
          csvRow([tr('statement.bonuses'), formatMoney(f.bonuses)]) +
          csvRow([tr('statement.adjustments'), formatMoney(f.adjustments)]) +
          csvRow([tr('statement.transfers'), formatMoney(f.netTransfers)]) +
          csvRow([tr('statement.staked'), formatMoney(f.totalStaked)]) +
          csvRow([tr('statement.closing'), formatMoney(closing)])
        );
      }
      return { filename, lines };
    },
  };
}
export type TransactionsService = ReturnType<typeof createTransactionsService>;
