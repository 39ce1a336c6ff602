import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

const HTTP_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 3600_000;

/** Where and how to talk to one provider, resolved from the operator's configuration. */
export type OAuthEndpoints =
  | {
      kind: 'oidc';
      issuer: string;
      authorizeUrl: string;
      tokenUrl: string;
      userinfoUrl: string | null;
      jwks: JWTVerifyGetKey;
      basicAuth: boolean;
    }
  | { kind: 'oauth2'; authorizeUrl: string; tokenUrl: string; userinfoUrl: string };

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** Who signed in, as the provider says. */
export interface ProviderIdentity {
  subject: string;
  name: string | null;
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url().optional(),
  jwks_uri: z.string().url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().optional(),
  token_type: z.string().optional(),
});
const UserinfoSchema = z
  .object({
    sub: z.union([z.string(), z.number()]).optional(),
    id: z.union([z.string(), z.number()]).optional(),
    name: z.string().optional(),
  })
  .loose();

/** The detail goes to the server log as the error's cause, never into the response. */
function providerError(detail: string): AppError {
  const error = new AppError('OAUTH_PROVIDER_ERROR');
  error.cause = detail.slice(0, 200);
  return error;
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw providerError(`unreachable: ${(error as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw providerError(`HTTP ${res.status} from ${new URL(url).host}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw providerError(`not JSON from ${new URL(url).host}`);
  }
}

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * OAuth 2.0 / OpenID Connect relying party: discovery (cached per issuer), the authorization URL with
 * state, nonce and PKCE, the code exchange and the identity (a verified ID token's `sub`, or the
 * userinfo `id` for plain OAuth 2.0 providers such as Facebook).
 */
export function createOAuthClient() {
  const discovered = new Map<string, { at: number; endpoints: Extract<OAuthEndpoints, { kind: 'oidc' }> }>();

  return {
    async discover(issuer: string): Promise<OAuthEndpoints> {
      const key = issuer.replace(/\/+$/, '');
      const cached = discovered.get(key);
      if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.endpoints;
      const parsed = DiscoverySchema.safeParse(await fetchJson(`${key}/.well-known/openid-configuration`));
      if (!parsed.success) throw providerError('bad discovery document');
      const doc = parsed.data;
      // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
      if (doc.issuer.replace(/\/+$/, '') !== key) throw providerError('discovery issuer mismatch');
      const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      const endpoints = {
        kind: 'oidc' as const,
        issuer: doc.issuer,
        authorizeUrl: doc.authorization_endpoint,
        tokenUrl: doc.token_endpoint,
        userinfoUrl: doc.userinfo_endpoint ?? null,
        jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS }),
        basicAuth: !methods.includes('client_secret_post'),
      };
      discovered.set(key, { at: Date.now(), endpoints });
      return endpoints;
    },

    authorizeUrl(
      endpoints: OAuthEndpoints,
      client: OAuthClientConfig,
      p: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
    ): string {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', client.clientId);
      url.searchParams.set('redirect_uri', p.redirectUri);
      url.searchParams.set('scope', client.scope);
      url.searchParams.set('state', p.state);
      if (endpoints.kind === 'oidc') url.searchParams.set('nonce', p.nonce);
      url.searchParams.set('code_challenge', p.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async identify(
      endpoints: OAuthEndpoints,
      client: OAuthClientConfig,
      p: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
    ): Promise<ProviderIdentity> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        code_verifier: p.codeVerifier,
        client_id: client.clientId,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (endpoints.kind === 'oidc' && endpoints.basicAuth) {
        const enc = (s: string) => encodeURIComponent(s);
        headers.authorization = `Basic ${Buffer.from(`${enc(client.clientId)}:${enc(client.clientSecret)}`).toString('base64')}`;
      } else {
        form.set('client_secret', client.clientSecret);
      }
      const token = TokenResponseSchema.safeParse(
        await fetchJson(endpoints.tokenUrl, { method: 'POST', headers, body: form.toString() }),
      );
      if (!token.success) throw providerError('bad token response');

      if (endpoints.kind === 'oidc') {
        if (!token.data.id_token) throw providerError('no id_token');
        let claims;
        try {
          ({ payload: claims } = await jwtVerify(token.data.id_token, endpoints.jwks, {
            issuer: endpoints.issuer,
            audience: client.clientId,
            clockTolerance: 60,
          }));
        } catch (error) {
          throw providerError(`id_token rejected: ${(error as Error).message}`);
        }
        if (claims.nonce !== p.nonce) throw providerError('id_token nonce mismatch');
        if (typeof claims.sub !== 'string' || !claims.sub) throw providerError('id_token without sub');
        const name = typeof claims.name === 'string' ? claims.name : null;
        return { subject: claims.sub, name };
      }

      const info = UserinfoSchema.safeParse(
        await fetchJson(endpoints.userinfoUrl, {
          headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' },
        }),
      );
      const subject = info.success ? (info.data.id ?? info.data.sub) : undefined;
      if (subject === undefined || subject === '') throw providerError('userinfo without id');
      return { subject: String(subject), name: info.data?.name ?? null };
    },
  };
}
export type OAuthClient = ReturnType<typeof createOAuthClient>;
