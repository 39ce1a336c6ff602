import type { Db } from '../operators/operators.repository.ts';

export function findOwner(db: Db, username: string) {
  return db.selectFrom('platform_owners').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findOwnerById(db: Db, id: number) {
  return db.selectFrom('platform_owners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('platform_owners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOwner(db: Db, username: string, passwordHash: string, at: number) {
  await db
    .insertInto('platform_owners')
    .values({ username, password_hash: passwordHash, created_at: at })
    .execute();
}

export async function setPending(db: Db, id: number, sealed: string) {
  await db
    .updateTable('platform_owners')
    .set({ totp_pending: sealed })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .execute();
}

/** Turns the pending secret on, with the confirming code's step used; only once. */
export async function enableSecret(db: Db, id: number, pending: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('platform_owners')
    .set({ totp_secret: pending, totp_pending: null, totp_last_step: step })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .where('totp_pending', '=', pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Uses a code's step: only a later step than the last used one is accepted, in one statement. */
export async function claimStep(db: Db, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('platform_owners')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Per operator: members, credited deposits, paid withdrawals and what members hold now (minor units). */
export async function operatorTotals(db: Db) {
  const [members, deposits, withdrawals, balances] = await Promise.all([
    db
      .selectFrom('members')
      .select(['operator_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('operator_id')
      .execute(),
    db
      .selectFrom('deposits')
      .select([
        'operator_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('amount').as('total'),
      ])
      .where('status', '=', 'APPROVED')
      .groupBy('operator_id')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select([
        'operator_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('amount').as('total'),
      ])
      .where('status', '=', 'APPROVED')
      .groupBy('operator_id')
      .execute(),
    db
      .selectFrom('ledger_accounts')
      .select(['operator_id', (eb) => eb.fn.sum<number>('balance').as('total')])
      .where('member_id', 'is not', null)
      .groupBy('operator_id')
      .execute(),
  ]);
  return { members, deposits, withdrawals, balances };
}
