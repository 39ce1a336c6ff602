import { z } from 'zod';
import { AVATAR_IDS } from './avatars.ts';

export { AVATAR_IDS, DEFAULT_AVATAR, type AvatarId } from './avatars.ts';

/** The renewed member info: what the member centre and account pages show. */
export const MemberProfileSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string().nullable(),
  headIcon: z.enum(AVATAR_IDS),
  type: z.number(),
  /** YYYY-MM-DD */
  regDate: z.string(),
  /** Whether the member may transfer to an upline agent. */
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: z.string() }).nullable(),
  /** Masked contact details, null when not on file. */
  email: z.string().nullable(),
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  lastLoginAt: z.number().nullable(),
  currency: z.string(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

/** Nickname change; the operator's `register.nickname` rule bounds it. Form or JSON body. */
export const NicknameBodySchema = z.object({ nickname: z.string().trim().min(1).max(60) }).strict();

/** Head icon change: form-urlencoded `headIcon`, one of the built-in avatars. */
export const HeadIconBodySchema = z.object({ headIcon: z.enum(AVATAR_IDS) }).strict();
export const HeadIconSchema = z.object({
  headIcon: z.enum(AVATAR_IDS),
  choices: z.array(z.enum(AVATAR_IDS)),
});

export const MemberSessionSchema = z.object({
  id: z.number(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  /** Shortened, e.g. `203.0.113.x`. */
  ip: z.string().nullable(),
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;
export const MemberSessionListSchema = z.object({ list: z.array(MemberSessionSchema) });

export const SessionIdParamsSchema = z
  .object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();

export const RevokedSchema = z.object({ revoked: z.number() });

/** Back office: open or close a member account. Closing it ends every session. */
export const MemberStatusBodySchema = z.object({ status: z.enum(['active', 'disabled']) }).strict();
export const MemberIdParamsSchema = SessionIdParamsSchema;
export const MemberStatusSchema = z.object({
  id: z.number(),
  status: z.enum(['active', 'disabled']),
  revokedSessions: z.number(),
});
