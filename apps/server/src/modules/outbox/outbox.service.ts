import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { insertOutbox, listOutbox } from './outbox.repository.ts';

export interface OutgoingMessage {
  operatorId: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  /**
   * What the outbox keeps when a real provider delivered the message: the body with secrets (reset
   * links, codes) removed, so the delivery log never holds a usable credential.
   */
  logBody?: string;
}

/** A delivery channel for SMS or e-mail (SMTP, an HTTP SMS gateway, …). */
export interface MessageProvider {
  name: string;
  deliver(message: OutgoingMessage): Promise<void>;
}

/**
 * Sends SMS and e-mail through the configured provider and records every message in the outbox,
 * which with no provider configured is the delivery itself (operators read it at /bo/api/outbox).
 */
export function createOutboxService(
  db: Db,
  providers: { sms?: MessageProvider; email?: MessageProvider } = {},
) {
  return {
    async send(message: OutgoingMessage) {
      const provider = providers[message.channel];
      if (provider) await provider.deliver(message);
      const { logBody, ...rest } = message;
      await insertOutbox(
        db,
        {
          ...rest,
          body: provider && logBody !== undefined ? logBody : message.body,
          subject: message.subject ?? null,
          provider: provider?.name ?? 'outbox',
        },
        now(),
      );
    },

    async list(
      operatorId: number,
      opts: {
        channel?: 'sms' | 'email' | undefined;
        recipient?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await listOutbox(db, operatorId, {
        channel: opts.channel,
        recipient: opts.recipient,
        offset: (opts.pageNo - 1) * opts.pageSize,
        limit: opts.pageSize,
      });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          createdAt: Number(r.created_at),
        })),
        pageNo: opts.pageNo,
        pageSize: opts.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / opts.pageSize),
      };
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
