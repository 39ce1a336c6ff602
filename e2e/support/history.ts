import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

/** One past movement of a member, written as the ledger writes it. */
export type PastMovement =
  | { user: string; at: number; kind: 'play'; vendor: string; game: string; stake: number; win: number }
  | { user: string; at: number; kind: 'deposit' | 'withdrawal' | 'bonus'; amount: number };

/**
 * "History": movements dated in the past (amounts in minor units), written straight into the
 * server's own SQLite database in one transaction, as balanced journal entries with the seamless
 * bet rows and cached balances they imply, so the report job counts them on the days they name. The
 * only way to have had yesterday without waiting a day.
 */
export function writeHistory(file: string, movements: PastMovement[]): void {
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    const member = db.prepare(
      'select m.id, m.operator_id, a.id as account, a.currency from members m join ledger_accounts a on a.member_id = m.id where m.username = ?',
    );
    const house = (operatorId: number, purpose: string, currency: string, at: number) => {
      const found = db
        .prepare('select id from ledger_accounts where operator_id = ? and purpose = ? and currency = ?')
        .get(operatorId, purpose, currency) as { id: number } | undefined;
      if (found) return found.id;
      return Number(
        db
          .prepare(
            'insert into ledger_accounts (operator_id, member_id, purpose, currency, balance, created_at) values (?, null, ?, ?, null, ?)',
          )
          .run(operatorId, purpose, currency, at).lastInsertRowid,
      );
    };
    const entry = db.prepare(
      `insert into ledger_entries (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
       values (?, ?, ?, ?, ?, ?, ?, 'history', '{}', ?)`,
    );
    const line = db.prepare(
      'insert into ledger_lines (entry_id, account_id, amount, balance_after) values (?, ?, ?, ?)',
    );
    const balance = db.prepare(
      'update ledger_accounts set balance = balance + ? where id = ? returning balance',
    );
    const bet = db.prepare(
      `insert into seamless_bets (operator_id, vendor_code, transaction_id, round_id, member_id, game_code, amount, state, entry_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 'settled', ?, ?, ?)`,
    );
    db.transaction(() => {
      for (const m of movements) {
        const who = member.get(m.user) as {
          id: number;
          operator_id: number;
          account: number;
          currency: string;
        };
        const post = (
          kind: string,
          source: string,
          reference: string | null,
          legs: { account: number; amount: number; member?: boolean }[],
        ) => {
          const id = Number(
            entry.run(
              who.operator_id,
              kind,
              who.id,
              who.currency,
              reference,
              source,
              `history:${randomUUID()}`,
              m.at,
            ).lastInsertRowid,
          );
          for (const leg of legs) {
            const after = leg.member
              ? (balance.get(leg.amount, leg.account) as { balance: number }).balance
              : null;
            line.run(id, leg.account, leg.amount, after);
          }
          return id;
        };
        const h = (purpose: string) => house(who.operator_id, purpose, who.currency, m.at);
        if (m.kind === 'play') {
          const round = `hist-${randomUUID()}`;
          const vendor = h(`vendor:${m.vendor}`);
          const id = post('bet', `vendor:${m.vendor}`, round, [
            { account: who.account, amount: -m.stake, member: true },
            { account: vendor, amount: m.stake },
          ]);
          bet.run(who.operator_id, m.vendor, `t-${round}`, round, who.id, m.game, m.stake, id, m.at, m.at);
          if (m.win > 0)
            post('win', `vendor:${m.vendor}`, round, [
              { account: vendor, amount: -m.win },
              { account: who.account, amount: m.win, member: true },
            ]);
        } else if (m.kind === 'deposit') {
          post('deposit', 'payments:REFPAY', null, [
            { account: h('payments:REFPAY'), amount: -m.amount },
            { account: who.account, amount: m.amount, member: true },
          ]);
        } else if (m.kind === 'bonus') {
          post('bonus', 'history', null, [
            { account: h('bonus'), amount: -m.amount },
            { account: who.account, amount: m.amount, member: true },
          ]);
        } else {
          post('withdrawal', 'withdrawal', null, [
            { account: who.account, amount: -m.amount, member: true },
            { account: h('pending'), amount: m.amount },
          ]);
          post('withdrawal', 'withdrawal', null, [
            { account: h('pending'), amount: -m.amount },
            { account: h('payments:REFPAY'), amount: m.amount },
          ]);
        }
      }
    })();
  } finally {
    db.close();
  }
}
