import { z } from 'zod';
import type { ValidationKey } from './errors.ts';
import { PATTERNS, type FieldRule, type PatternId, type RegisterField } from './settings.ts';

/** Member types (spec §6): 0 member, 4 trial, 40 non-agent; any other type is an agent. */
export const MEMBER_TYPE = { MEMBER: 0, TRIAL: 4, NON_AGENT: 40 } as const;
export const NON_AGENT_TYPES: readonly number[] = [0, 4, 40];
/** Only these types may start free play (spec §6); others get FREE_REJECT. */
export const FREEPLAY_TYPES: readonly number[] = [0, 1, 2];
/** Minimum age at registration (architecture: responsible gambling). */
export const MIN_AGE = 18;
export const BIRTHDAY_MIN_YEAR = 1900;
/** Captcha answers are digits; the image shows this many (spec §9: 6 digits). */
export const CAPTCHA_LENGTH = 6;
/** Seconds before another SMS code may be requested for the same number. */
export const SMS_RESEND_SECONDS = 60;

export const REGISTER_METHODS = ['H5', 'PWA', 'WEBCLIP', 'APP'] as const;
export const SMS_PURPOSES = [
  'register',
  'login',
  'reset-password',
  'fund-password',
  'bind-phone',
  'bind-email',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

const text = (max: number) => z.string().trim().max(max);
const CaptchaAnswer = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'invalidFormat');
const CaptchaKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalidFormat');
export const DialingCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'invalidFormat');
export const MobileNumSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'mobileInvalid');
export const SmsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'verificationCodeError');

/** The captcha fields any protected form may carry. */
export const CaptchaFields = { captcha: CaptchaAnswer.optional(), captchaKey: CaptchaKey.optional() };

/** Decrypted body of POST /wps/session/login. */
export const LoginRequestSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('username'),
      username: z.string().trim().min(1).max(64),
      password: z.string().min(1).max(256),
      rememberMe: z.boolean().optional(),
      /** The agent centre's sign-in: members who are not agents are refused (spec §6 NOT_AGENT). */
      agentOnly: z.boolean().optional(),
      ...CaptchaFields,
    })
    .strict(),
  z
    .object({
      type: z.literal('sms'),
      countryDialingCode: DialingCodeSchema,
      mobileNum: MobileNumSchema,
      verificationCode: SmsCodeSchema,
      rememberMe: z.boolean().optional(),
      /** The agent centre's sign-in: members who are not agents are refused (spec §6 NOT_AGENT). */
      agentOnly: z.boolean().optional(),
      ...CaptchaFields,
    })
    .strict(),
]);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** A new member session (login, registration, trial). */
export const LoginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  type: z.number(),
  firstTimeLogin: z.boolean(),
  expiresAt: z.number(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** A member's second sign-in step: an authenticator code, an SMS code or a recovery code. */
export const SECOND_STEP_METHODS = ['totp', 'sms', 'recovery'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/**
 * The answer to a right password when the member has two-factor sign-in on: no session yet, but a
 * challenge (single-use, five minutes, five tries) for `POST /wps/session/login/2fa`.
 */
export const LoginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
  /** The bound mobile number with all but its last digits hidden, when SMS codes are a method. */
  mobileHint: z.string().nullable(),
  expiresAt: z.number(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;
export const LoginAnswerSchema = z.union([LoginResultSchema, LoginChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** POST /wps/session/login/2fa: the challenge with one code of the member's. */
export const LoginSecondStepSchema = z
  .object({
    challenge: z.string().min(16).max(128),
    method: z.enum(SECOND_STEP_METHODS),
    code: z.string().trim().min(4).max(32),
  })
  .strict();
/** POST /wps/session/login/2fa/sms: send the SMS code for a challenge. */
export const LoginSmsRequestSchema = z.object({ challenge: z.string().min(16).max(128) }).strict();

/** GET /wps/member/2fa: the member's second sign-in step as the security centre shows it. */
export const MemberTwoFactorStatusSchema = z.object({
  totpEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  /** Whether a mobile number is bound (SMS codes need one). */
  mobileBound: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The operator requires a second step for withdrawals. */
  requiredForWithdrawal: z.boolean(),
});
export type MemberTwoFactorStatus = z.infer<typeof MemberTwoFactorStatusSchema>;
export const MemberTotpEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type MemberTotpEnrolment = z.infer<typeof MemberTotpEnrolmentSchema>;
export const MemberTotpCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'invalidFormat'),
  })
  .strict();
export const MemberRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** GET /wps/member/sign-ins: the member's devices and last sign-ins (the security centre). */
export const SignInHistorySchema = z.object({
  devices: z.array(
    z.object({ id: z.number(), device: z.string(), firstSeenAt: z.number(), lastSeenAt: z.number() }),
  ),
  signIns: z.array(
    z.object({
      id: z.number(),
      device: z.string(),
      ip: z.string().nullable(),
      country: z.string().nullable(),
      newDevice: z.boolean(),
      newCountry: z.boolean(),
      at: z.number(),
    }),
  ),
});
export type SignInHistory = z.infer<typeof SignInHistorySchema>;

/** Turning a method off, or SMS on, proven with a current authenticator or recovery code when one is on. */
export const MemberTwoFactorChangeSchema = z
  .object({
    method: z.enum(['totp', 'sms']),
    enabled: z.boolean(),
    proof: z
      .object({ method: z.enum(['totp', 'recovery']), code: z.string().trim().min(4).max(32) })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Decrypted body of PUT /wps/member/register and /wps/member/register/mobile. Which fields are
 * required, and their lengths and patterns, come from the operator's register settings.
 */
export const RegisterRequestSchema = z
  .object({
    username: text(64).optional(),
    password: z.string().max(256).optional(),
    confirmPassword: z.string().max(256).optional(),
    countryDialingCode: DialingCodeSchema.optional(),
    mobileNum: text(20).optional(),
    verificationCode: text(10).optional(),
    paymentPassword: text(64).optional(),
    idNumber: text(64).optional(),
    qqNum: text(64).optional(),
    facebook: text(254).optional(),
    wechat: text(254).optional(),
    line: text(254).optional(),
    whatsapp: text(64).optional(),
    zalo: text(64).optional(),
    email: text(254).optional(),
    nickname: text(64).optional(),
    payeeName: text(128).optional(),
    recommenderId: text(64).optional(),
    birthday: text(10).optional(),
    affiliateCode: text(64).optional(),
    registerMethod: z.enum(REGISTER_METHODS).optional(),
    registerUrl: text(500).optional(),
    domain: text(253).optional(),
    type: z.literal(0).optional(),
    ...CaptchaFields,
  })
  .strict();
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const CaptchaSchema = z.object({
  captchaKey: z.string(),
  /** data:image/png;base64,… */
  image: z.string(),
  length: z.number(),
  expiresAt: z.number(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

/** POST /wps/verification/sms/register and /noLogin. */
export const SmsRequestSchema = z
  .object({
    countryDialingCode: DialingCodeSchema,
    mobileNum: MobileNumSchema.optional(),
    /** The spec also names the number `mobileNo`. */
    mobileNo: MobileNumSchema.optional(),
    /** noLogin only: what the code is for (default `login`). */
    purpose: z.enum(['login', 'reset-password']).optional(),
    ...CaptchaFields,
  })
  .strict()
  .refine((b) => b.mobileNum ?? b.mobileNo, { message: 'required', path: ['mobileNum'] });

export const SmsSentSchema = z.object({
  /** When the resend countdown ends (epoch ms). */
  expirationTime: z.number(),
  /** When the code itself stops working (epoch ms). */
  codeExpiresAt: z.number(),
});

export const CheckUsernameQuerySchema = z.object({ username: z.string().trim().min(1).max(64) }).strict();
export const UsernameAvailabilitySchema = z.object({ available: z.boolean() });

export const AffiliateQuerySchema = z
  .object({
    affiliateCode: z.string().trim().min(1).max(64).optional(),
    code: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
/** The spec reads the answer as `data.success`. */
export const AffiliateCheckSchema = z.object({ success: z.boolean() });

export const FreeplayRequestSchema = z.object({ moduleId: z.string().trim().max(32).optional() }).strict();
export const FreeplaySchema = z.object({ allowed: z.literal(true), userName: z.string(), type: z.number() });

export const TrialResultSchema = LoginResultSchema.extend({ trialName: z.string() });

export const MemberInfoSchema = z.object({
  id: z.number(),
  nickname: z.string().nullable(),
  account: z.string(),
  /** YYYY-MM-DD */
  regDate: z.string(),
  /** Whether the member may transfer to an upline agent. */
  toUpline: z.boolean(),
  type: z.number(),
  clubLabel: z.object({ labelName: z.string() }).nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

/** GET /wps/wallets/gcs (spec §3 Wallet): the balance with 2 decimals, its currency and symbol. */
export const WalletSummarySchema = z.object({
  sumBalance: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** 1 = single wallet (spec: merchant wallet isSingle). */
  isSingle: z.number(),
});
export type WalletSummary = z.infer<typeof WalletSummarySchema>;

/** Registration payload names and the register-settings rule each one follows. */
export const REGISTER_PAYLOAD_RULES = {
  username: 'username',
  password: 'password',
  confirmPassword: 'confimpsw',
  mobileNum: 'mobileNum',
  verificationCode: 'messageCode',
  paymentPassword: 'paymentPassword',
  idNumber: 'idNumber',
  qqNum: 'qqNum',
  facebook: 'facebook',
  wechat: 'wechat',
  line: 'line',
  whatsapp: 'whatsapp',
  zalo: 'zalo',
  email: 'email',
  nickname: 'nickname',
  payeeName: 'payeeName',
  recommenderId: 'recommenderId',
  birthday: 'birthday',
  affiliateCode: 'affiliateCode',
} as const satisfies Record<string, RegisterField>;
export type RegisterPayloadField = keyof typeof REGISTER_PAYLOAD_RULES;

/** A problem with one field: a key of the `validation` catalogue and its parameters. */
export interface FieldProblem {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

const FORMAT_KEY: Partial<Record<PatternId, ValidationKey>> = {
  username: 'accountFormat',
  password: 'passwordFormat',
  email: 'emailFormat',
  name: 'nameFormat',
};

/** Age in whole years on `today` of someone born on `birthday` (YYYY-MM-DD, a real date). */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** Problems with a birthday: format, a real date between 1900 and the end of this year, 18 or older. */
export function birthdayProblems(value: string, today: Date): FieldProblem[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return [{ key: 'invalidFormat' }];
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return [{ key: 'invalidFormat' }];
  const lastYear = today.getUTCFullYear();
  if (y < BIRTHDAY_MIN_YEAR || y > lastYear)
    return [{ key: 'dateRange', params: { min: `${BIRTHDAY_MIN_YEAR}-01-01`, max: `${lastYear}-12-31` } }];
  if (ageOn(value, today) < MIN_AGE) return [{ key: 'underAge', params: { age: MIN_AGE } }];
  return [];
}

/**
 * Checks one registration field against the operator's rule, the same way on client and server: an
 * empty optional field passes; otherwise length bounds and the named pattern apply. Mobile numbers
 * are checked here for shape only (the server also checks them against the country's numbering plan).
 */
export function registerFieldProblems(
  field: RegisterPayloadField,
  value: string | undefined,
  rule: FieldRule,
  options: { required?: boolean; today?: Date } = {},
): FieldProblem[] {
  const v = (value ?? '').trim();
  if (!v) return (options.required ?? rule.required) ? [{ key: 'required' }] : [];
  const problems: FieldProblem[] = [];
  if (v.length < rule.minLength) problems.push({ key: 'tooShort', params: { min: rule.minLength } });
  if (v.length > rule.maxLength) problems.push({ key: 'tooLong', params: { max: rule.maxLength } });
  if (!new RegExp(PATTERNS[rule.patternId], 'u').test(v))
    problems.push({
      key: field === 'mobileNum' ? 'mobileInvalid' : (FORMAT_KEY[rule.patternId] ?? 'invalidFormat'),
    });
  if (field === 'birthday' && !problems.length)
    problems.push(...birthdayProblems(v, options.today ?? new Date()));
  return problems;
}
