import { z } from 'zod';

/**
 * Social sign-in providers. `oidc` is any OpenID Connect provider found by issuer discovery; it has no
 * whitelabel flag of its own, so configuring and enabling it is what shows its button.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'oidc', 'telegram'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const OAUTH_PROVIDERS = ['google', 'facebook', 'oidc'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The whitelabel flag that must also be on for a provider's button (null: none). */
export const SOCIAL_FLAGS = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
  telegram: 'TELEGRAMLOGIN3',
  oidc: null,
} as const satisfies Record<SocialProvider, string | null>;

const httpUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'invalidFormat');
/** An absent field keeps what is stored; an empty string clears it. */
const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const SocialProviderParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
export const OAuthProviderParamsSchema = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/** PUT /bo/api/social/{provider}: a partial update; secrets are write-only. */
export const SocialConfigUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** Button label of a generic OIDC provider ("Acme ID"). */
    displayName: clearable(z.string().trim().min(1).max(64)),
    clientId: clearable(z.string().trim().min(1).max(512)),
    clientSecret: clearable(z.string().min(1).max(512)),
    /** OpenID issuer for discovery (Google defaults to https://accounts.google.com). */
    issuer: clearable(httpUrl),
    /** Plain OAuth 2.0 endpoints, for providers without discovery (Facebook has defaults). */
    authorizeUrl: clearable(httpUrl),
    tokenUrl: clearable(httpUrl),
    userinfoUrl: clearable(httpUrl),
    /** Telegram bot token from @BotFather (`123456:ABC…`). */
    botToken: clearable(
      z
        .string()
        .max(200)
        .regex(/^\d{3,20}:[\w-]{20,}$/, 'invalidFormat'),
    ),
  })
  .strict();
export type SocialConfigUpdate = z.infer<typeof SocialConfigUpdateSchema>;

/** A provider's configuration as the back office sees it: never the secret or the bot token. */
export const BoSocialProviderSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  enabled: z.boolean(),
  /** Whether every credential the provider needs is set. */
  configured: z.boolean(),
  displayName: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  issuer: z.string().nullable(),
  authorizeUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  userinfoUrl: z.string().nullable(),
  hasBotToken: z.boolean(),
  updatedAt: z.number().nullable(),
});
export type BoSocialProvider = z.infer<typeof BoSocialProviderSchema>;

/** A provider the player site may offer (configured and enabled); the site also checks its flag. */
export const SocialLoginOptionSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  displayName: z.string().nullable(),
});
export type SocialLoginOption = z.infer<typeof SocialLoginOptionSchema>;

/** POST /wps/session/oauth/exchange: the one-time code from the `?oauth=` redirect. */
export const OAuthExchangeSchema = z.object({ code: z.string().min(16).max(128) }).strict();

/** POST /wps/session/telegram: the Telegram Login data, exactly as Telegram signed it. */
export const TelegramLoginSchema = z
  .object({
    id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(1000).optional(),
    auth_date: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
    hash: z.string().regex(/^[0-9a-f]{64}$/i, 'invalidFormat'),
  })
  .strict();
export type TelegramLogin = z.infer<typeof TelegramLoginSchema>;
