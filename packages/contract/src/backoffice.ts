import { z } from 'zod';

export const StaffLoginSchema = z
  .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) })
  .strict();
export const StaffSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  expiresAt: z.number(),
});

export const OutboxQuerySchema = z
  .object({
    channel: z.enum(['sms', 'email']).optional(),
    recipient: z.string().max(254).optional(),
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const OutboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.number(),
});

export const AuditQuerySchema = z
  .object({
    action: z.string().max(64).optional(),
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const AuditEntrySchema = z.object({
  id: z.number(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.number(),
});

/** A page of rows with the spec's paging fields. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number(),
    pageSize: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
  });
}
