import { z } from 'zod';
import { DialingCodeSchema, MobileNumSchema, SmsCodeSchema } from './account.ts';
import { EMAIL_MAX, FORGOT_EMAIL, LOGIN_USERNAME, RESET_TOKEN } from './password-rules.ts';

/**
 * Forgot, reset and change password (spec §2, §3, §5). Password strength is checked by the server's
 * password policy against the operator's `register.password` rule; these schemas bound the input.
 */

const PasswordInput = z.string().min(1).max(128);

export const ForgotByEmailBodySchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((v) => LOGIN_USERNAME.test(v), { message: 'accountFormat' }),
    email: z
      .string()
      .trim()
      .min(1)
      .max(EMAIL_MAX)
      .refine((v) => FORGOT_EMAIL.test(v), { message: 'emailFormat' }),
  })
  .strict();
export type ForgotByEmailBody = z.infer<typeof ForgotByEmailBodySchema>;

/** Plaintext of the encrypted body that finishes an e-mailed reset. */
export const ResetByTokenSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((v) => RESET_TOKEN.test(v), { message: 'invalidFormat' }),
    newPassword: PasswordInput,
    confirmNewPassword: PasswordInput,
  })
  .strict();
export type ResetByToken = z.infer<typeof ResetByTokenSchema>;

/** Plaintext of the encrypted set-password-by-phone body (spec §3). */
export const SetPasswordByPhoneSchema = z
  .object({
    newPassword: PasswordInput,
    mobileNum: MobileNumSchema,
    verificationCode: SmsCodeSchema,
    countryDialingCode: DialingCodeSchema,
    firebaseIdToken: z.string().max(4096).optional(),
  })
  .strict();
export type SetPasswordByPhone = z.infer<typeof SetPasswordByPhoneSchema>;

export const ChangePasswordBodySchema = z
  .object({
    oldPassword: PasswordInput,
    newPassword: PasswordInput,
    confirmNewPassword: PasswordInput,
    /** End every other session of the member (the default); `false` keeps them. */
    signOutOthers: z.boolean().optional(),
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordResultSchema = z.object({ signedOutSessions: z.number() });
