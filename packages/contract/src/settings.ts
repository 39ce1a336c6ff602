import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { PATTERN_IDS, type PatternId } from './patterns.ts';

/** Whitelabel flags the site reads. Unknown flags are refused so typos surface at once. */
export const WHITELABEL_FLAGS = [
  'DIRECTREG3', // direct registration; also shows the header's withdraw shortcut
  'USERNAMEREG3', // registration by username
  'MOBILENUMREG3', // registration by mobile number
  'MOBILENUMPASSREG3', // mobile registration also asks for a password
  'REGMOBVERF3', // login by mobile number and SMS code
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'TELEGRAMLOGIN3',
  'PSWMAIL3', // forgot password by e-mail
  'PSWPHONE3', // forgot password by phone
  'REWCEN3', // reward centre
  'DEPOSIT3',
  'WITHDRAW3',
  'SECURITY3',
  'RECORDS3', // account and bet records
  'MANREBATE3',
  'MAILCEN3', // inbox
  'FEEDBACK3',
  'TRANSUP3', // agent transfer-up
  'VIP3',
  'REFERRAL3',
  'LIVECHAT3',
  'APPDOWNLOAD3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export const REGISTER_FIELDS = [
  'mobileNum',
  'messageCode',
  'username',
  'password',
  'confimpsw',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'email',
  'nickname',
  'payeeName',
  'recommenderId',
  'birthday',
  'affiliateCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

// Patterns live in a zod-free module so the player site can check forms without the schema library.
export { PATTERNS, PATTERN_IDS, type PatternId } from './patterns.ts';

export const FieldRuleSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(254),
    maxLength: z.number().int().min(1).max(254),
    patternId: z.enum(PATTERN_IDS),
  })
  .strict()
  .refine((r) => r.minLength <= r.maxLength, {
    message: 'minLength must not exceed maxLength',
    path: ['minLength'],
  });
export type FieldRule = z.infer<typeof FieldRuleSchema>;

export const RegisterSettingsSchema = z
  .object({
    captcha: z.object({ enabled: z.boolean() }).strict(),
    ...(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, FieldRuleSchema])) as Record<
      RegisterField,
      typeof FieldRuleSchema
    >),
  })
  .strict();
export type RegisterSettings = z.infer<typeof RegisterSettingsSchema>;

const ipv4Cidr = /^(\d{1,3})(\.\d{1,3}){3}(\/(\d|[12]\d|3[0-2]))?$/;
const ipv6Cidr = /^[0-9a-fA-F:]+(\/(\d|[1-9]\d|1[01]\d|12[0-8]))?$/;
export const IpRangeSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (v) =>
      (ipv4Cidr.test(v) &&
        v
          .split('/')[0]!
          .split('.')
          .every((o) => Number(o) <= 255)) ||
      (v.includes(':') && ipv6Cidr.test(v)),
    {
      message: 'invalidFormat',
    },
  );

export const StatusSettingsSchema = z
  .object({
    maintenance: z.boolean(),
    /** Whether visitors from blocked countries are turned away. */
    regionRestriction: z.boolean(),
    blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
    blockedIpRanges: z.array(IpRangeSchema).max(1000),
  })
  .strict();

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

export const LanguageSettingsSchema = z
  .object({
    supported: z.array(LanguageCodeSchema).min(1).max(LANGUAGE_CODES.length),
    default: LanguageCodeSchema,
  })
  .strict()
  .refine((l) => l.supported.includes(l.default), { message: 'invalidOption', path: ['default'] });

export const CS_TYPES = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'TELEGRAM2', 'WHATSAPP', 'EMAIL'] as const;
export const RESOURCE_TYPES = [
  'IOS',
  'Android',
  'MOBILECONFIG',
  'TELEGRAM',
  'FACEBOOK',
  'APPDOWNLOAD2',
  'AppDownloadIcon',
] as const;

const UrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/|mailto:|tg:|whatsapp:)/i.test(v), {
    message: 'invalidFormat',
  });

export const SiteSettingsSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    currency: z.string().regex(/^[A-Z]{3}$/),
    platform: z.literal('MOBILE'),
    gateway: z.object({ WEB: z.number().int(), MOBILE: z.number().int() }).strict(),
    prizeModes: z.array(z.enum(['Lott', 'ZY', 'Elott'])).max(3),
    prizeMode: z.enum(['Lott', 'ZY', 'Elott']),
    mainDomain: z.string().trim().max(253),
    imageCdns: z.array(UrlSchema).max(10),
    customerService: z
      .array(
        z
          .object({ csType: z.enum(CS_TYPES), title: z.string().trim().min(1).max(60), url: UrlSchema })
          .strict(),
      )
      .max(20),
    downloadLinks: z
      .array(
        z
          .object({
            resourceType: z.enum(RESOURCE_TYPES),
            url: UrlSchema,
            labelNameEn: z.string().trim().max(60),
          })
          .strict(),
      )
      .max(20),
    /** Alternative domains players can reach the site on (domain route type 3). */
    domains: z
      .array(
        z
          .object({
            domainName: z.string().trim().min(1).max(253),
            rootDomainName: z.string().trim().max(253),
          })
          .strict(),
      )
      .max(50),
    mobileTemplate: z
      .object({
        app_background: z.string().trim().max(500),
        app_desc: z.string().trim().max(200),
        app_desc_font_color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/),
        mem_cen: z.enum(['0', '1']),
        dep_func: z.enum(['0', '1']),
      })
      .strict(),
    downloadBar: z.object({ enabled: z.boolean(), loginRequired: z.boolean(), gift: z.boolean() }).strict(),
    vip: z.object({ enabled: z.boolean(), benefit: z.boolean() }).strict(),
    promotions: z.object({ APP_DOWNLOAD: z.boolean(), REFERRAL: z.boolean() }).strict(),
  })
  .strict();

export const WhitelabelSchema = z
  .object(
    Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<WhitelabelFlag, z.ZodBoolean>,
  )
  .strict();

/** Staff sign-in rules of the back office. */
export const SecuritySettingsSchema = z
  .object({
    /** Owners and admins must sign in with an authenticator code; without one they can only enrol. */
    staffTwoFactorRequired: z.boolean(),
    /** Members must have a second sign-in step on, and give a code, to withdraw. */
    memberTwoFactorForWithdrawal: z.boolean(),
    /** A sign-in from a device or country the member never used needs an e-mailed or SMS code. */
    newDeviceCode: z.boolean(),
  })
  .strict();

/** How third-party games open (architecture: "Money and games"). */
export const GamesSettingsSchema = z
  .object({
    /**
     * Demo mode: a third-party vendor without credentials of its own opens the reference provider's
     * demo titles (labelled DEMO, real stakes through our seamless wallet) instead of answering
     * VENDOR_NOT_CONNECTED. On in the demo data, off for a new operator.
     */
    demoMode: z.boolean(),
    /**
     * The winner board lists wins of at least this much (minor units): big wins, not every small
     * return. Each player shows once per game, with their biggest.
     */
    winnerMinWin: z.number().int().min(0).max(100_000_000_00),
  })
  .strict();

/** Play safety of the in-house games (UKGC RTS 14): safe defaults are no autoplay and 2.5 s a spin. */
export const PlaySettingsSchema = z
  .object({
    /** Whether game clients may offer autoplay. */
    autoplay: z.boolean(),
    /** The shortest time a round may take on screen, start to result, in milliseconds. */
    minSpinMs: z.number().int().min(1000).max(10_000),
  })
  .strict();

/** Staff roles that `security.staffTwoFactorRequired` applies to. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly string[] = ['owner', 'admin'];

/** One operator's settings document: everything an operator can change about the site. */
export const OperatorSettingsSchema = z
  .object({
    whitelabel: WhitelabelSchema,
    register: RegisterSettingsSchema,
    status: StatusSettingsSchema,
    languages: LanguageSettingsSchema,
    site: SiteSettingsSchema,
    security: SecuritySettingsSchema,
    games: GamesSettingsSchema,
    play: PlaySettingsSchema,
  })
  .strict();
export type OperatorSettings = z.infer<typeof OperatorSettingsSchema>;

/** A partial document for PUT: any subset of keys at any depth; arrays replace whole. */
export type SettingsPatch = { [K in keyof OperatorSettings]?: DeepPartial<OperatorSettings[K]> };
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** Shape check for a patch before merging; the merged document is then validated in full. */
export const SettingsPatchSchema = z
  .object({
    whitelabel: z.record(z.string(), z.unknown()).optional(),
    register: z.record(z.string(), z.unknown()).optional(),
    status: z.record(z.string(), z.unknown()).optional(),
    languages: z.record(z.string(), z.unknown()).optional(),
    site: z.record(z.string(), z.unknown()).optional(),
    security: z.record(z.string(), z.unknown()).optional(),
    games: z.record(z.string(), z.unknown()).optional(),
    play: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** Deep-merges a patch into a document: objects merge key by key, arrays and scalars replace. */
export function mergeSettings<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    // Own keys only: `toString` in a patch is a new key, not Object.prototype's method to merge into.
    out[key] = Object.hasOwn(out, key) ? mergeSettings(out[key], value) : value;
  }
  return out as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const rule = (
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: PatternId,
): FieldRule => ({
  enabled,
  required,
  minLength,
  maxLength,
  patternId,
});

/** The settings a new operator starts from: the spec's platform settings. */
export function defaultSettings(): OperatorSettings {
  return {
    whitelabel: {
      DIRECTREG3: true,
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      MOBILENUMPASSREG3: true,
      REGMOBVERF3: true,
      FACEBOOKLOGIN3: false,
      GOOGLELOGIN3: false,
      TELEGRAMLOGIN3: false,
      PSWMAIL3: true,
      PSWPHONE3: true,
      REWCEN3: true,
      DEPOSIT3: true,
      WITHDRAW3: true,
      SECURITY3: true,
      RECORDS3: true,
      MANREBATE3: true,
      MAILCEN3: true,
      FEEDBACK3: true,
      TRANSUP3: false,
      VIP3: true,
      REFERRAL3: true,
      LIVECHAT3: true,
      APPDOWNLOAD3: true,
    },
    register: {
      captcha: { enabled: true },
      mobileNum: rule(true, false, 6, 20, 'digits'),
      messageCode: rule(true, false, 4, 10, 'digits'),
      username: rule(true, true, 4, 16, 'username'),
      password: rule(true, true, 8, 32, 'password'),
      confimpsw: rule(true, true, 8, 32, 'password'),
      paymentPassword: rule(false, false, 6, 6, 'digits'),
      idNumber: rule(false, false, 4, 30, 'alnum'),
      qqNum: rule(false, false, 5, 12, 'digits'),
      facebook: rule(false, false, 1, 100, 'handle'),
      wechat: rule(false, false, 1, 50, 'handle'),
      line: rule(false, false, 1, 50, 'handle'),
      whatsapp: rule(false, false, 6, 20, 'digits'),
      zalo: rule(false, false, 6, 20, 'digits'),
      email: rule(true, false, 6, 254, 'email'),
      nickname: rule(false, false, 1, 30, 'name'),
      payeeName: rule(false, false, 1, 60, 'name'),
      recommenderId: rule(false, false, 1, 20, 'alnum'),
      birthday: rule(true, false, 10, 10, 'date'),
      affiliateCode: rule(true, false, 4, 20, 'alnum'),
    },
    status: { maintenance: false, regionRestriction: false, blockedCountries: [], blockedIpRanges: [] },
    languages: {
      supported: [
        'EN',
        'TY',
        'CN',
        'TW',
        'JA',
        'KO',
        'TH',
        'VI',
        'ID',
        'MS',
        'HI',
        'AR',
        'FA',
        'UR',
        'PT-BR',
        'ES',
        'RU',
        'TR',
        'FR',
      ],
      default: 'TY',
    },
    site: {
      name: 'Playhouse',
      currency: 'PHP',
      platform: 'MOBILE',
      gateway: { WEB: 1, MOBILE: 3 },
      prizeModes: ['Lott', 'ZY', 'Elott'],
      prizeMode: 'Elott',
      mainDomain: 'localhost',
      imageCdns: ['/assets/cdn'],
      // Live chat is our own page (/m/chat, decision 025); the entry opens it through CBS_launchChat.
      customerService: [
        { csType: 'LIVECHAT', title: 'Live chat', url: '/m/chat' },
        { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/playhouse_support' },
        { csType: 'FACEBOOK', title: 'Facebook', url: 'https://facebook.com/playhouse' },
        { csType: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/639000000000' },
      ],
      downloadLinks: [
        // The demo has no native app: the download bar and page offer the installable web app.
        { resourceType: 'TELEGRAM', url: 'https://t.me/playhouse', labelNameEn: 'Telegram' },
        { resourceType: 'FACEBOOK', url: 'https://facebook.com/playhouse', labelNameEn: 'Facebook' },
      ],
      domains: [
        { domainName: 'play.playhouse.example', rootDomainName: 'playhouse.example' },
        { domainName: 'm.playhouse.example', rootDomainName: 'playhouse.example' },
      ],
      mobileTemplate: {
        app_background: '',
        // Empty: the bar says "Get the <site> app for faster play" in the player's language.
        app_desc: '',
        app_desc_font_color: '#ffffff',
        mem_cen: '1',
        dep_func: '1',
      },
      downloadBar: { enabled: true, loginRequired: false, gift: true },
      vip: { enabled: true, benefit: true },
      promotions: { APP_DOWNLOAD: true, REFERRAL: true },
    },
    security: { staffTwoFactorRequired: false, memberTwoFactorForWithdrawal: false, newDeviceCode: false },
    games: { demoMode: false, winnerMinWin: 50_00 },
    play: { autoplay: false, minSpinMs: 2500 },
  };
}
