import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  subject: string;
  used: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who "signs in" at the next authorization request. */
  subject: string;
  /** Every token request as received (form fields and whether Basic auth was used). */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small but real OpenID provider over HTTP on 127.0.0.1: discovery, JWKS, an authorization endpoint
 * that signs the current `subject` in at once (no login page), a token endpoint that checks the client
 * secret, the redirect URI, single use of the code and PKCE (S256), and returns an RS256 ID token
 * carrying the nonce; plus a Facebook-like `/me` for plain OAuth 2.0.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, string>();
  const provider: Omit<TestProvider, 'close' | 'issuer'> = {
    clientId: 'playhouse-test',
    clientSecret: randomBytes(16).toString('hex'),
    subject: 'user-1',
    tokenRequests: [],
  };
  let issuer = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/me`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        if (q.get('response_type') !== 'code' || q.get('client_id') !== provider.clientId)
          return json(res, 400, { error: 'unauthorized_client' });
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return json(res, 400, { error: 'invalid_request', error_description: 'PKCE required' });
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          clientId: q.get('client_id')!,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge')!,
          nonce: q.get('nonce'),
          subject: provider.subject,
          used: false,
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64')
              .toString()
              .split(':')
              .map(decodeURIComponent)
          : undefined;
        provider.tokenRequests.push({ ...form, ...(basic ? { basicAuth: 'yes' } : {}) });
        const [clientId, secret] = basic ?? [form.client_id, form.client_secret];
        if (clientId !== provider.clientId || secret !== provider.clientSecret)
          return json(res, 401, { error: 'invalid_client' });
        const issued = codes.get(form.code ?? '');
        if (!issued || issued.used || issued.redirectUri !== form.redirect_uri)
          return json(res, 400, { error: 'invalid_grant' });
        issued.used = true;
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== issued.challenge)
          return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE mismatch' });
        const idToken = await new SignJWT({
          name: `Name of ${issued.subject}`,
          ...(issued.nonce ? { nonce: issued.nonce } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(issued.clientId)
          .setSubject(issued.subject)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, issued.subject);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      if (url.pathname === '/me') {
        const subject = accessTokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
        if (!subject) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, { id: subject, name: `Name of ${subject}` });
      }
      json(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(provider, {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
