import { z } from 'zod';
import { CaptchaFields } from './account.ts';

/** POST /bo/api/session; the captcha fields once the account or address has failed a few times. */
export const StaffLoginSchema = z
  .object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(256),
    ...CaptchaFields,
  })
  .strict();
export const StaffSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  expiresAt: z.number(),
  /** The password was chosen by somebody else: only POST /bo/api/session/password works until changed. */
  passwordChangeRequired: z.boolean().optional(),
});

/** The password was right and the account has a second factor: send a code with the challenge. */
export const StaffTwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  username: z.string(),
  expiresAt: z.number(),
});

/** The password was right but the settings require a second factor this account lacks: enrol first. */
export const StaffEnrolmentSessionSchema = z.object({
  enrolmentRequired: z.literal(true),
  token: z.string(),
  username: z.string(),
  expiresAt: z.number(),
});

/** What staff sign-in answers (the more specific shapes first: the serialiser takes the first match). */
export const StaffLoginResultSchema = z.union([
  StaffEnrolmentSessionSchema,
  StaffTwoFactorChallengeSchema,
  StaffSessionSchema,
]);
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

/** An authenticator code: six digits (spaces allowed, as apps show them in groups). */
export const TotpCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'invalidFormat'));

/** A recovery code as shown at enrolment (`xxxxx-xxxxx`); case, spaces and dashes are ignored. */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'invalidFormat'));

/** One current authenticator code or one unused recovery code. */
const SecondFactorFields = { code: TotpCodeSchema.optional(), recoveryCode: RecoveryCodeSchema.optional() };
const oneFactor = (v: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (v.code === undefined) !== (v.recoveryCode === undefined);

/** POST /bo/api/session/2fa: the challenge from the password step and a code or recovery code. */
export const StaffTwoFactorLoginSchema = z
  .object({ challenge: z.string().min(16).max(128), ...SecondFactorFields })
  .strict()
  .refine(oneFactor, { message: 'required', path: ['code'] });

/** Disabling the second factor proves it with a current code or a recovery code. */
export const TwoFactorProofSchema = z
  .object(SecondFactorFields)
  .strict()
  .refine(oneFactor, { message: 'required', path: ['code'] });

export const TwoFactorConfirmSchema = z.object({ code: TotpCodeSchema }).strict();
export const TwoFactorCodeSchema = z.object({ code: TotpCodeSchema }).strict();

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.number().nullable(),
  recoveryCodesLeft: z.number(),
  /** The settings require it for this staff member's role. */
  required: z.boolean(),
  /** This session may only enrol (required and not yet enrolled). */
  enrolmentOnly: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret to add to an authenticator app: as text, as an otpauth:// URI and as a QR image. */
export const TwoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** data:image/svg+xml;base64,… */
  qrCode: z.string(),
  issuer: z.string(),
  account: z.string(),
  digits: z.number(),
  period: z.number(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** Recovery codes are shown once, here; a session token comes too when an enrolment session ends. */
export const TwoFactorRecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  token: z.string().optional(),
  expiresAt: z.number().optional(),
});
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodesSchema>;

export const StaffMeSchema = z.object({
  username: z.string(),
  role: z.string(),
  /** Signed in only to enrol a second factor the settings require. */
  enrolmentRequired: z.boolean(),
  /** Must change the password (POST /bo/api/session/password) before anything else. */
  passwordChangeRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

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
  /** Who acted, by account name (staff or member), the same for every entry of one person. */
  actorName: z.string().nullable(),
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
