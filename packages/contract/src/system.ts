import { z } from 'zod';
import {
  CS_TYPES,
  RESOURCE_TYPES,
  RegisterSettingsSchema,
  WhitelabelSchema,
  LanguageCodeSchema,
} from './settings.ts';
import { SocialLoginOptionSchema } from './social.ts';

/** 0 normal, 1 maintenance (wins over a block), 2 IP or region blocked. */
export const SITE_STATUS = { NORMAL: 0, MAINTENANCE: 1, BLOCKED: 2 } as const;
export type SiteStatus = (typeof SITE_STATUS)[keyof typeof SITE_STATUS];

export const CustomerServiceEntrySchema = z.object({
  csType: z.enum(CS_TYPES),
  title: z.string(),
  path: z.string(),
});
export const DownloadLinkSchema = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: z.string(),
  labelNameEn: z.string(),
});
export const DomainEntrySchema = z.object({ domainName: z.string(), rootDomainName: z.string() });

export const MobileTemplateSchema = z.object({
  app_background: z.string(),
  app_desc: z.string(),
  app_desc_font_color: z.string(),
  mem_cen: z.string(),
  dep_func: z.string(),
});

export const StatusInfoSchema = z.object({
  siteName: z.string(),
  currency: z.string(),
  customerService: z.array(CustomerServiceEntrySchema),
  domainRoute: z.array(DomainEntrySchema),
  mobileTemplate: MobileTemplateSchema,
  paths: z.object({ home: z.string(), login: z.string(), register: z.string() }),
  register: RegisterSettingsSchema,
  resources: z.array(DownloadLinkSchema),
  whitelabel: WhitelabelSchema,
  mainDomain: z.string(),
  imageCDNs: z.array(z.string()),
  languages: z.object({ supported: z.array(LanguageCodeSchema), default: LanguageCodeSchema }),
  downloadBar: z.object({ enabled: z.boolean(), loginRequired: z.boolean(), gift: z.boolean() }),
  vip: z.object({ enabled: z.boolean(), benefit: z.boolean() }),
  promotions: z.object({ APP_DOWNLOAD: z.boolean(), REFERRAL: z.boolean() }),
  /** Social sign-in providers that are configured and enabled (buttons also need their flag). */
  socialLogin: z.array(SocialLoginOptionSchema).optional(),
});
export type StatusInfo = z.infer<typeof StatusInfoSchema>;

export const SystemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  info: StatusInfoSchema,
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const ConsolidatedSettingsSchema = z.object({
  platform: z.string(),
  gateway: z.object({ WEB: z.number(), MOBILE: z.number() }),
  prizeModes: z.array(z.string()),
  prizeMode: z.string(),
  currency: z.string(),
  languages: z.object({ supported: z.array(LanguageCodeSchema), default: LanguageCodeSchema }),
  mobileTemplate: MobileTemplateSchema,
  whitelabel: WhitelabelSchema,
});

export const CountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  dialingCode: z.string(),
});
export const CountryListSchema = z.array(CountrySchema);

export const PublicKeySchema = z.object({ publicKey: z.string(), alg: z.literal('RSA-OAEP-256+A256GCM') });

/** Body of every encrypted endpoint; the plaintext is the endpoint's own JSON payload. */
export const EncryptedBodySchema = z
  .object({
    data: z
      .string()
      .min(1)
      .max(64 * 1024),
  })
  .strict();

export const LanguageQuerySchema = z.object({ language: z.string().max(8).optional() });
