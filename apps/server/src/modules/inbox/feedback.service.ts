import type {
  BoFeedbackPage,
  FeedbackCategory,
  FeedbackItem,
  FeedbackPage,
  FeedbackSubmit,
} from '@playhouse/contract/inbox';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { InboxService } from './inbox.service.ts';

/** Feedback a member may send in a day. */
export const FEEDBACK_PER_DAY = 10;

type Row = {
  id: number;
  category: string;
  comment: string;
  uploads: string;
  status: 'PENDING' | 'ANSWERED';
  answer: string | null;
  created_at: number;
  answered_at: number | null;
};

const item = (r: Row): FeedbackItem => ({
  id: Number(r.id),
  category: r.category as FeedbackCategory,
  comment: r.comment,
  uploadIds: JSON.parse(r.uploads) as string[],
  status: r.status,
  answer: r.answer,
  createdAt: Number(r.created_at),
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
});

const COLUMNS = [
  'feedback.id',
  'feedback.category',
  'feedback.comment',
  'feedback.uploads',
  'feedback.status',
  'feedback.answer',
  'feedback.created_at',
  'feedback.answered_at',
] as const;

/**
 * Member feedback (spec §7 PUT /wps/feedback): a category, a comment of up to 140 characters and up
 * to three of the member's own images (uploads of purpose `feedback`, checked by content). Operators
 * answer once in the back office; the answer reaches the member's inbox in the same transaction.
 */
export function createFeedbackService(
  db: Db,
  deps: { audit: AuditService; uploads: UploadsService; inbox: InboxService },
) {
  const { audit, uploads, inbox } = deps;

  return {
    async submit(who: AuthenticatedMember, body: FeedbackSubmit, ip: string): Promise<FeedbackItem> {
      if (body.uploadIds.length)
        await uploads.assertOwned(who.id, who.operatorId, body.uploadIds, 'feedback', 'uploadIds');
      const at = now();
      const recent = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('member_id', '=', who.id)
        .where('created_at', '>=', at - 86_400_000)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= FEEDBACK_PER_DAY) throw new AppError('RATE_LIMITED');
      return db.transaction().execute(async (trx) => {
        const row = {
          operator_id: who.operatorId,
          member_id: who.id,
          category: body.category,
          comment: body.comment,
          uploads: JSON.stringify(body.uploadIds),
          status: 'PENDING' as const,
          answer: null,
          answered_by: null,
          created_at: at,
          answered_at: null,
        };
        const inserted = await trx
          .insertInto('feedback')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        await audit.record(
          {
            operatorId: who.operatorId,
            actorType: 'member',
            actorId: String(who.id),
            action: 'feedback.submitted',
            target: `feedback:${id}`,
            detail: { category: body.category, images: body.uploadIds.length },
            ip,
          },
          trx,
        );
        return item({ ...row, id });
      });
    },

    async mine(who: AuthenticatedMember, query: { pageNo: number; pageSize: number }): Promise<FeedbackPage> {
      const base = db.selectFrom('feedback').where('member_id', '=', who.id);
      const [rows, total] = await Promise.all([
        base
          .select(COLUMNS)
          .orderBy('id', 'desc')
          .offset((query.pageNo - 1) * query.pageSize)
          .limit(query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      const totalCount = Number(total.n);
      return {
        list: rows.map(item),
        pageNum: query.pageNo,
        totalPages: Math.ceil(totalCount / query.pageSize),
        totalCount,
      };
    },

    async desk(
      operatorId: number,
      query: { status?: 'PENDING' | 'ANSWERED' | undefined; pageNo: number; pageSize: number },
    ): Promise<BoFeedbackPage> {
      let base = db
        .selectFrom('feedback')
        .leftJoin('members', 'members.id', 'feedback.member_id')
        .where('feedback.operator_id', '=', operatorId);
      if (query.status) base = base.where('feedback.status', '=', query.status);
      const [rows, total] = await Promise.all([
        base
          .select([...COLUMNS, 'feedback.member_id', 'feedback.answered_by', 'members.username'])
          .orderBy('feedback.id', 'desc')
          .offset((query.pageNo - 1) * query.pageSize)
          .limit(query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      const totalCount = Number(total.n);
      return {
        list: rows.map((r) => ({
          ...item(r),
          memberId: Number(r.member_id),
          userName: r.username ?? '',
          answeredBy: r.answered_by,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / query.pageSize),
      };
    },

    /** Answers once, audited; the member gets `feedback_answered` in the same transaction. */
    async answer(
      operatorId: number,
      staff: { id: number; username: string; ip: string },
      id: number,
      answer: string,
    ) {
      const found = await db
        .selectFrom('feedback')
        .select(['id', 'member_id', 'status'])
        .where('operator_id', '=', operatorId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw new AppError('NOT_FOUND');
      const answered = await db.transaction().execute(async (trx) => {
        const at = now();
        const r = await trx
          .updateTable('feedback')
          .set({ status: 'ANSWERED', answer, answered_by: staff.username, answered_at: at })
          .where('id', '=', id)
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await inbox.send(trx, {
          operatorId,
          memberId: Number(found.member_id),
          kind: 'feedback_answered',
          params: { answer },
          dedupeKey: String(id),
        });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'feedback.answered',
            target: `feedback:${id}`,
            detail: { member: Number(found.member_id) },
            ip: staff.ip,
          },
          trx,
        );
        return true;
      });
      if (!answered) throw new AppError('ALREADY_DECIDED', { extra: { status: 'ANSWERED' } });
      inbox.changed(operatorId, Number(found.member_id));
      return { id: String(id), status: 'ANSWERED', duplicate: false };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
