import { createHmac, randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import type { DbDialect } from '@playhouse/db/create-db';
import type { App } from '../../src/app.ts';
import { startReferenceProvider } from './reference-provider.ts';
import { createTestApp, staffAuth } from './test-app.ts';

// One staff session per app: signing in hashes a password, far too slow to repeat per call.
const staffSessions = new WeakMap<App, Promise<{ authorization: string }>>();
export function staffHeaders(app: App): Promise<{ authorization: string }> {
  let session = staffSessions.get(app);
  if (!session) staffSessions.set(app, (session = staffAuth(app)));
  return session;
}

/** A vendor connected for the seamless wallet: enabled, in seamless mode, with a fresh secret. */
export async function connectVendor(
  app: App,
  code = 'JILI',
  patch: { enabled?: boolean; walletMode?: 'seamless' | 'transfer'; secret?: string } = {},
): Promise<{ code: string; secret: string }> {
  const secret = patch.secret ?? randomBytes(24).toString('hex');
  const res = await app.inject({
    method: 'PUT',
    url: `/bo/api/vendors/${code}`,
    headers: await staffHeaders(app),
    payload: { enabled: true, walletMode: 'seamless', ...patch, secret },
  });
  if (res.statusCode !== 200) throw new Error(`vendor setup failed: ${res.body}`);
  return { code, secret };
}

export const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export interface SeamlessBody {
  userName: string;
  transactionId?: string;
  roundId?: string;
  gameCode?: string;
  amount?: string;
  refTransactionId?: string;
}

/** One signed provider call, exactly as a vendor sends it (the signature covers these bytes). */
export function seamlessCall(
  app: App,
  vendor: { code: string; secret: string },
  action: 'balance' | 'bet' | 'win' | 'rollback',
  body: SeamlessBody,
  options: { signature?: string; vendorHeader?: string; headers?: Record<string, string> } = {},
) {
  const payload = JSON.stringify({ gameCode: 'JILI-SLOT-001', ...body });
  return app.inject({
    method: 'POST',
    url: `/wps/provider/wallet/${action}`,
    headers: {
      'content-type': 'application/json',
      'x-vendor': options.vendorHeader ?? vendor.code,
      'x-signature': options.signature ?? sign(vendor.secret, payload),
      ...options.headers,
    },
    payload,
  });
}

/** Credits a member through the operator's adjustment API (how tests fund a wallet). */
export async function fund(app: App, userName: string, amount: string, idempotencyKey?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/wallet/adjustments',
    headers: await staffHeaders(app),
    payload: { userName, amount, reason: 'test funding', ...(idempotencyKey ? { idempotencyKey } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`funding failed: ${res.body}`);
  return res.json().value as { entryId: number; balance: string; duplicate: boolean };
}

/** The member's balance as the player site shows it. */
export async function walletBalance(app: App, authorization: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/wps/wallets/gcs', headers: { authorization } });
  if (res.statusCode !== 200) throw new Error(`wallet read failed: ${res.body}`);
  return res.json().value.sumBalance as string;
}

/**
 * A new app with JILI connected in transfer mode to the reference provider, run as its own process
 * over real HTTP (its seamless target is never called); the provider stops when the file's tests end.
 */
export async function transferVendorApp(dialect: DbDialect) {
  const app = await createTestApp(dialect);
  const vendor = await connectVendor(app, 'JILI', { walletMode: 'transfer' });
  const provider = await startReferenceProvider({
    target: 'http://127.0.0.1:9',
    vendor: vendor.code,
    secret: vendor.secret,
  });
  afterAll(() => provider.stop());
  const res = await app.inject({
    method: 'PUT',
    url: `/bo/api/vendors/${vendor.code}`,
    headers: await staffHeaders(app),
    payload: { apiUrl: provider.url },
  });
  if (res.statusCode !== 200) throw new Error(`pointing the vendor at the provider failed: ${res.body}`);
  return { app, vendor, provider, saved: res.json().value as Record<string, unknown> };
}
