import { randomBytes, randomInt } from 'node:crypto';
import { MEMBER_TYPE, type LoginResult } from '@playhouse/contract/account';
import type { WhitelabelFlag } from '@playhouse/contract/settings';
import {
  SOCIAL_FLAGS,
  SOCIAL_PROVIDERS,
  type BoSocialProvider,
  type OAuthProvider,
  type SocialConfigUpdate,
  type SocialLoginOption,
  type SocialProvider,
  type TelegramLogin,
} from '@playhouse/contract/social';
import type { SocialProvidersTable } from '@playhouse/db/schema';
import type { Selectable } from 'kysely';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { markLoggedIn, usernameExists } from '../auth/accounts.repository.ts';
import type { ClientContext } from '../auth/auth.service.ts';
import { MEMBER_SESSION } from '../members/member-auth.service.ts';
import { findMemberById, insertMember } from '../members/members.repository.ts';
import { isSealed, type SecretBox } from '../system/secret-box.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { pkcePair, type OAuthClient, type OAuthEndpoints } from './oauth-client.ts';
import * as repo from './social.repository.ts';
import { checkTelegramLogin } from './telegram-login.ts';

type ProviderRow = Selectable<SocialProvidersTable>;

/** An OAuth attempt must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;
/** The `?oauth=` code is exchanged by the page it lands on at once. */
export const LOGIN_CODE_TTL_MS = 60_000;
const OPTIONS_TTL_MS = 2_000;

const GOOGLE_ISSUER = 'https://accounts.google.com';
const FACEBOOK = {
  authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
  tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
  userinfoUrl: 'https://graph.facebook.com/me?fields=id,name',
};
const USERNAME_PREFIX: Record<SocialProvider, string> = {
  google: 'gg',
  facebook: 'fb',
  oidc: 'id',
  telegram: 'tg',
};

/** Which fields a provider needs before it can be enabled. */
function missingFields(provider: SocialProvider, row: Partial<ProviderRow>): string[] {
  if (provider === 'telegram') return row.bot_token ? [] : ['botToken'];
  const missing: string[] = [];
  if (!row.client_id) missing.push('clientId');
  if (!row.client_secret) missing.push('clientSecret');
  // A generic provider needs an issuer to discover, or all three plain OAuth 2.0 endpoints.
  if (provider === 'oidc' && !row.issuer && !(row.authorize_url && row.token_url && row.userinfo_url))
    missing.push('issuer');
  return missing;
}

const isConfigured = (row: ProviderRow | undefined): row is ProviderRow =>
  Boolean(row && row.enabled === 1 && missingFields(row.provider as SocialProvider, row).length === 0);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * Social sign-in: per-operator provider credentials (back office), the OAuth 2.0 / OpenID Connect
 * authorization-code flow with PKCE, state and nonce, Telegram Login, members linked to a
 * (provider, subject), and the one-time codes that hand the session to the player site.
 */
const CLIENT_SECRET = 'social-client-secret';
const BOT_TOKEN = 'social-bot-token';

export function createSocialService(deps: {
  db: Db;
  sessions: SessionsService;
  audit: AuditService;
  oauth: OAuthClient;
  secrets: SecretBox;
  /** Affiliate codes: a new member signing up through an agent's link joins its team. */
  agents?: Pick<AgentsService, 'agentByCode' | 'attach'> | undefined;
}) {
  const { db, sessions, audit, oauth, secrets, agents } = deps;
  // Client secrets and bot tokens are sealed at rest; a value stored before sealing reads as it is.
  const seal = (purpose: string, v: string | null | undefined) => (v ? secrets.seal(purpose, v) : v);
  const reveal = (purpose: string, v: string) => (isSealed(v) ? secrets.open(purpose, v) : v);
  const optionsCache = new Map<number, { at: number; options: SocialLoginOption[] }>();

  /** Seals client secrets and bot tokens an earlier version stored in clear (run at start). */
  async function sealStoredSecrets() {
    for (const row of await repo.listProviderSecrets(db)) {
      const clear = [row.client_secret, row.bot_token].some((v) => v && !isSealed(v));
      if (!clear) continue;
      await repo.updateProviderSecrets(db, Number(row.id), {
        client_secret:
          row.client_secret && !isSealed(row.client_secret)
            ? seal(CLIENT_SECRET, row.client_secret)!
            : row.client_secret,
        bot_token:
          row.bot_token && !isSealed(row.bot_token) ? seal(BOT_TOKEN, row.bot_token)! : row.bot_token,
      });
    }
  }

  const toBo = (provider: SocialProvider, row: ProviderRow | undefined): BoSocialProvider => ({
    provider,
    enabled: row?.enabled === 1,
    configured: Boolean(row) && missingFields(provider, row!).length === 0,
    displayName: row?.display_name ?? null,
    clientId: row?.client_id ?? null,
    hasClientSecret: Boolean(row?.client_secret),
    issuer: row?.issuer ?? null,
    authorizeUrl: row?.authorize_url ?? null,
    tokenUrl: row?.token_url ?? null,
    userinfoUrl: row?.userinfo_url ?? null,
    hasBotToken: Boolean(row?.bot_token),
    updatedAt: row ? Number(row.updated_at) : null,
  });

  /** The provider's row when its flag is on and it is configured and enabled; else a clear refusal. */
  async function usableProvider(ctx: ClientContext, provider: SocialProvider): Promise<ProviderRow> {
    const flag = SOCIAL_FLAGS[provider] as WhitelabelFlag | null;
    if (flag && !ctx.settings.whitelabel[flag]) throw new AppError('SOCIAL_LOGIN_DISABLED');
    const row = await repo.findProvider(db, ctx.operatorId, provider);
    if (!isConfigured(row)) throw new AppError('SOCIAL_NOT_CONFIGURED');
    return row;
  }

  async function endpointsOf(provider: OAuthProvider, row: ProviderRow): Promise<OAuthEndpoints> {
    const issuer = row.issuer ?? (provider === 'google' ? GOOGLE_ISSUER : null);
    if (issuer && provider !== 'facebook') return oauth.discover(issuer);
    const defaults = provider === 'facebook' ? FACEBOOK : undefined;
    return {
      kind: 'oauth2',
      authorizeUrl: row.authorize_url ?? defaults!.authorizeUrl,
      tokenUrl: row.token_url ?? defaults!.tokenUrl,
      userinfoUrl: row.userinfo_url ?? defaults!.userinfoUrl,
    };
  }

  const clientOf = (provider: OAuthProvider, row: ProviderRow, endpoints: OAuthEndpoints) => ({
    clientId: row.client_id!,
    clientSecret: reveal(CLIENT_SECRET, row.client_secret!),
    scope:
      endpoints.kind === 'oidc' ? 'openid profile' : provider === 'facebook' ? 'public_profile' : 'profile',
  });

  async function uniqueUsername(operatorId: number, provider: SocialProvider): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const name = `${USERNAME_PREFIX[provider]}${Array.from({ length: 9 }, () => randomInt(0, 10)).join('')}`;
      if (!(await usernameExists(db, operatorId, name))) return name;
    }
    return `${USERNAME_PREFIX[provider]}${randomBytes(6).toString('hex')}`;
  }

  /** The member linked to (provider, subject), created (type 0, no password) on first sign-in. */
  async function linkedMember(
    ctx: ClientContext,
    provider: SocialProvider,
    subject: string,
    name: string | null,
    affiliateCode: string | null = null,
  ): Promise<number> {
    const link = await repo.findLink(db, ctx.operatorId, provider, subject);
    if (link) return Number(link.member_id);
    const username = await uniqueUsername(ctx.operatorId, provider);
    // A code that names no agent (any more) never fails a sign-in: the member simply has no upline.
    const upline = affiliateCode ? await agents?.agentByCode(ctx.operatorId, affiliateCode) : undefined;
    let memberId: number;
    try {
      memberId = await db.transaction().execute(async (trx) => {
        const id = await insertMember(trx, {
          operator_id: ctx.operatorId,
          username,
          password_hash: null,
          type: MEMBER_TYPE.MEMBER,
          status: 'active',
          nickname: name ? name.slice(0, 60) : null,
          currency: ctx.settings.site.currency,
          register_method: 'H5',
          first_time_login: 0,
          created_at: now(),
          affiliate_code: upline ? upline.code : null,
          upline_id: upline ? Number(upline.id) : null,
        });
        if (upline) await agents!.attach(trx, ctx.operatorId, id, Number(upline.id));
        await repo.insertLink(trx, {
          operator_id: ctx.operatorId,
          member_id: id,
          provider,
          subject,
          created_at: now(),
        });
        return id;
      });
    } catch (error) {
      // Two sign-ins of the same new identity at once: the other one created the member.
      const raced = isUniqueViolation(error) && (await repo.findLink(db, ctx.operatorId, provider, subject));
      if (raced) return Number(raced.member_id);
      throw error;
    }
    await audit.record({
      operatorId: ctx.operatorId,
      actorType: 'member',
      actorId: String(memberId),
      action: 'member.register',
      target: username,
      detail: { method: 'social', provider },
      ip: ctx.ip,
    });
    return memberId;
  }

  async function openSession(
    ctx: ClientContext,
    memberId: number,
    provider: SocialProvider,
  ): Promise<LoginResult> {
    const member = await findMemberById(db, memberId);
    if (!member || member.status !== 'active') throw new AppError('ACCOUNT_UNAVAILABLE');
    const { token, expiresAt } = await sessions.create(
      { type: 'member', id: memberId, operatorId: ctx.operatorId },
      MEMBER_SESSION,
      { ip: ctx.ip, userAgent: ctx.userAgent, device: ctx.device },
    );
    await markLoggedIn(db, memberId, now());
    await audit.record({
      operatorId: ctx.operatorId,
      actorType: 'member',
      actorId: String(memberId),
      action: 'member.login',
      detail: { type: 'social', provider },
      ip: ctx.ip,
    });
    return {
      token,
      userName: member.username,
      type: Number(member.type),
      firstTimeLogin: Number(member.first_time_login) === 1,
      expiresAt,
    };
  }

  return {
    sealStoredSecrets,
    // ---------- back office ----------

    async boList(operatorId: number): Promise<BoSocialProvider[]> {
      const rows = await repo.listProviders(db, operatorId);
      return SOCIAL_PROVIDERS.map((p) =>
        toBo(
          p,
          rows.find((r) => r.provider === p),
        ),
      );
    },

    async boUpdate(
      operatorId: number,
      provider: SocialProvider,
      patch: SocialConfigUpdate,
      actor: { id: string; ip: string },
    ): Promise<BoSocialProvider> {
      const oauthOnly = [
        'clientId',
        'clientSecret',
        'issuer',
        'authorizeUrl',
        'tokenUrl',
        'userinfoUrl',
      ] as const;
      const misplaced =
        provider === 'telegram'
          ? oauthOnly.filter((k) => patch[k] !== undefined)
          : patch.botToken !== undefined
            ? (['botToken'] as const)
            : [];
      if (misplaced.length)
        throw new AppError('VALIDATION_FAILED', {
          fields: Object.fromEntries(misplaced.map((k) => [k, [{ key: 'unknownField' }]])),
        });
      const value = (v: string | undefined) => (v === undefined ? undefined : v || null);
      const columns = {
        display_name: value(patch.displayName),
        client_id: value(patch.clientId),
        client_secret: seal(CLIENT_SECRET, value(patch.clientSecret)),
        issuer: value(patch.issuer?.replace(/\/+$/, '')),
        authorize_url: value(patch.authorizeUrl),
        token_url: value(patch.tokenUrl),
        userinfo_url: value(patch.userinfoUrl),
        bot_token: seal(BOT_TOKEN, value(patch.botToken)),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled ? 1 : 0 }),
      };
      const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
      const before = await repo.findProvider(db, operatorId, provider);
      const merged = { ...before, ...set } as Partial<ProviderRow>;
      if (merged.enabled === 1) {
        const missing = missingFields(provider, merged);
        if (missing.length)
          throw new AppError('VALIDATION_FAILED', {
            fields: Object.fromEntries(missing.map((k) => [k, [{ key: 'required' }]])),
          });
      }
      const at = now();
      await repo.upsertProvider(
        db,
        { operator_id: operatorId, provider, enabled: 0, ...set, updated_at: at },
        { ...set, updated_at: at },
      );
      optionsCache.delete(operatorId);
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: actor.id,
        action: 'social.update',
        target: `social:${provider}`,
        // Secrets never reach the audit log, only whether they changed.
        detail: {
          enabled: patch.enabled,
          displayName: patch.displayName,
          clientId: patch.clientId,
          issuer: patch.issuer,
          authorizeUrl: patch.authorizeUrl,
          tokenUrl: patch.tokenUrl,
          userinfoUrl: patch.userinfoUrl,
          clientSecretChanged: patch.clientSecret !== undefined,
          botTokenChanged: patch.botToken !== undefined,
        },
        ip: actor.ip,
      });
      return toBo(provider, await repo.findProvider(db, operatorId, provider));
    },

    // ---------- player site ----------

    /** Configured and enabled providers, for /wps/system/status (cached briefly, like settings). */
    async loginOptions(operatorId: number): Promise<SocialLoginOption[]> {
      const cached = optionsCache.get(operatorId);
      if (cached && Date.now() - cached.at < OPTIONS_TTL_MS) return cached.options;
      const rows = await repo.listProviders(db, operatorId);
      const options = SOCIAL_PROVIDERS.flatMap((p) => {
        const row = rows.find((r) => r.provider === p);
        // A generic provider needs a label; "OpenID" when the operator gave none.
        return isConfigured(row)
          ? [{ provider: p, displayName: row.display_name ?? (p === 'oidc' ? 'OpenID' : null) }]
          : [];
      });
      optionsCache.set(operatorId, { at: Date.now(), options });
      return options;
    },

    /**
     * Begins an authorization-code flow: stores the hashed state with the PKCE verifier, the nonce
     * and the hash of a browser binding (sent back as a cookie), and returns the provider's URL.
     */
    async start(
      ctx: ClientContext,
      provider: OAuthProvider,
      redirectUri: string,
      affiliateCode?: string | undefined,
    ): Promise<{ url: string; binding: string }> {
      const row = await usableProvider(ctx, provider);
      const endpoints = await endpointsOf(provider, row);
      const state = newToken();
      const binding = newToken();
      const nonce = randomBytes(24).toString('base64url');
      const pkce = pkcePair();
      const at = now();
      await repo.purgeExpired(db, at - STATE_TTL_MS);
      await repo.insertState(db, {
        operator_id: ctx.operatorId,
        provider,
        state_hash: hashToken(state),
        binding_hash: hashToken(binding),
        code_verifier: pkce.verifier,
        nonce,
        created_at: at,
        expires_at: at + STATE_TTL_MS,
        affiliate_code: affiliateCode ?? null,
      });
      const url = oauth.authorizeUrl(endpoints, clientOf(provider, row, endpoints), {
        redirectUri,
        state,
        nonce,
        codeChallenge: pkce.challenge,
      });
      return { url, binding };
    },

    /**
     * Completes the flow: the state must be live, unused, for this provider and this browser; the
     * code is exchanged (with the PKCE verifier) and the identity read. Returns a one-time code.
     */
    async callback(
      ctx: ClientContext,
      provider: OAuthProvider,
      p: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
      binding: string | undefined,
      redirectUri: string,
    ): Promise<string> {
      const row = await usableProvider(ctx, provider);
      const saved = p.state
        ? await repo.consumeState(db, ctx.operatorId, hashToken(p.state), now())
        : undefined;
      if (!saved || saved.provider !== provider || !binding || saved.binding_hash !== hashToken(binding))
        throw new AppError('OAUTH_STATE_INVALID');
      if (p.error || !p.code) throw new AppError('OAUTH_PROVIDER_ERROR');
      const endpoints = await endpointsOf(provider, row);
      const identity = await oauth.identify(endpoints, clientOf(provider, row, endpoints), {
        code: p.code,
        redirectUri,
        codeVerifier: saved.code_verifier,
        nonce: saved.nonce,
      });
      const memberId = await linkedMember(
        ctx,
        provider,
        identity.subject,
        identity.name,
        saved.affiliate_code,
      );
      const member = await findMemberById(db, memberId);
      if (!member || member.status !== 'active') throw new AppError('ACCOUNT_UNAVAILABLE');
      const code = newToken();
      const at = now();
      await repo.insertLoginCode(db, {
        operator_id: ctx.operatorId,
        member_id: memberId,
        provider,
        code_hash: hashToken(code),
        created_at: at,
        expires_at: at + LOGIN_CODE_TTL_MS,
      });
      return code;
    },

    /** Trades a one-time code (single use, short-lived) for a session. */
    async exchange(ctx: ClientContext, code: string): Promise<LoginResult> {
      const row = await repo.consumeLoginCode(db, ctx.operatorId, hashToken(code), now());
      if (!row) throw new AppError('LOGIN_CODE_INVALID');
      return openSession(ctx, Number(row.member_id), row.provider as SocialProvider);
    },

    /** Telegram's login page for this site, which sends the member back with `#tgAuthResult=`. */
    async telegramStartUrl(ctx: ClientContext, siteUrl: string): Promise<string> {
      const row = await usableProvider(ctx, 'telegram');
      const url = new URL('https://oauth.telegram.org/auth');
      url.searchParams.set('bot_id', reveal(BOT_TOKEN, row.bot_token!).split(':')[0]!);
      url.searchParams.set('origin', siteUrl);
      url.searchParams.set('return_to', `${siteUrl}/m/login`);
      url.searchParams.set('request_access', 'write');
      return url.toString();
    },

    /** Signs in with Telegram Login data after checking its hash and age. */
    async telegram(ctx: ClientContext, data: TelegramLogin): Promise<LoginResult> {
      const row = await usableProvider(ctx, 'telegram');
      const check = checkTelegramLogin(data, reveal(BOT_TOKEN, row.bot_token!), now());
      if (!check.ok) {
        await audit.record({
          operatorId: ctx.operatorId,
          actorType: 'member',
          action: 'member.login.failed',
          detail: { type: 'telegram', reason: check.reason },
          ip: ctx.ip,
        });
        throw new AppError(check.reason === 'hash' ? 'TELEGRAM_AUTH_INVALID' : 'TELEGRAM_AUTH_EXPIRED');
      }
      const memberId = await linkedMember(ctx, 'telegram', check.subject, check.name);
      return openSession(ctx, memberId, 'telegram');
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
