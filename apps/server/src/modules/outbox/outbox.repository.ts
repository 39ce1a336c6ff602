import type { Db } from '../operators/operators.repository.ts';

export interface OutboxInsert {
  operatorId: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
}

export async function insertOutbox(db: Db, m: OutboxInsert, at: number) {
  await db
    .insertInto('outbox_messages')
    .values({
      operator_id: m.operatorId,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      provider: m.provider,
      created_at: at,
    })
    .execute();
}

export async function listOutbox(
  db: Db,
  operatorId: number,
  opts: { channel?: string | undefined; recipient?: string | undefined; offset: number; limit: number },
) {
  let q = db.selectFrom('outbox_messages').where('operator_id', '=', operatorId);
  if (opts.channel) q = q.where('channel', '=', opts.channel as 'sms' | 'email');
  if (opts.recipient) q = q.where('recipient', '=', opts.recipient);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
