import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { insertAudit, listAudit, type AuditRow } from './audit.repository.ts';

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
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          actorType: r.actor_type,
          actorId: r.actor_id,
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
