import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { actorNames, insertAudit, listAudit, type AuditRow } from './audit.repository.ts';

/** Append-only record of operator actions, authentication events and money movements. */
export function createAuditService(db: Db) {
  return {
    record(entry: Omit<AuditRow, 'actorId' | 'target' | 'ip' | 'detail'> & Partial<AuditRow>, trx: Db = db) {
      return insertAudit(trx, { actorId: null, target: null, ip: null, detail: undefined, ...entry }, now());
    },
    async list(operatorId: number, opts: { action?: string | undefined; pageNo: number; pageSize: number }) {
      const { rows, total } = await listAudit(db, operatorId, {
        ...(opts.action ? { action: opts.action } : {}),
        offset: (opts.pageNo - 1) * opts.pageSize,
        limit: opts.pageSize,
      });
      const numeric = (type: string) => [
        ...new Set(
          rows
            .filter((r) => r.actor_type === type && /^\d{1,15}$/.test(r.actor_id ?? ''))
            .map((r) => Number(r.actor_id)),
        ),
      ];
      const names = await actorNames(db, operatorId, { staff: numeric('staff'), member: numeric('member') });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          actorType: r.actor_type,
          actorId: r.actor_id,
          // One name per person: the account name for an id, else what was recorded (a name typed).
          actorName: names.get(`${r.actor_type}:${r.actor_id}`) ?? r.actor_id,
          action: r.action,
          target: r.target,
          detail: r.detail ? (JSON.parse(r.detail) as unknown) : null,
          ip: r.ip,
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
export type AuditService = ReturnType<typeof createAuditService>;
