import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { App } from '../../src/app.ts';
import { signGatewayBody } from '../../src/modules/payments/gateway.ts';
import { listenForReal } from './reference-provider.ts';
import { startReferenceGateway, type RunningGateway } from './reference-gateway.ts';
import { staffHeaders } from './seamless.ts';
import { createTestMember } from './test-app.ts';

/** A png or jpeg of the given size (real pixels, through the same library the server decodes with). */
export async function testImage(format: 'png' | 'jpeg' = 'png', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export async function upload(
  app: App,
  authorization: string,
  body: Buffer,
  options: { purpose?: 'receipt' | 'identity' | 'chat'; contentType?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/wps/uploads?purpose=${options.purpose ?? 'receipt'}`,
    headers: { authorization, 'content-type': options.contentType ?? 'image/png' },
    payload: body,
  });
}

export async function uploadId(app: App, authorization: string, purpose: 'receipt' | 'identity' = 'receipt') {
  const res = await upload(app, authorization, await testImage(), { purpose });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().value.uploads[0].uploadId as string;
}

/** A second staff account with its own session ("another operator" at the money desk). */
export async function secondStaff(app: App): Promise<{ authorization: string }> {
  const { insertStaff, findStaff } = await import('../../src/modules/backoffice/staff.repository.ts');
  const { STAFF_SESSION } = await import('../../src/modules/backoffice/staff.service.ts');
  const operator = await app.services.settings.defaultOperator();
  const username = `desk${randomBytes(3).toString('hex')}`;
  await insertStaff(app.services.db, operator.id, username, 'not-a-hash', 'admin', Date.now());
  const staff = (await findStaff(app.services.db, operator.id, username))!;
  const { token } = await app.services.sessions.create(
    { type: 'staff', id: Number(staff.id), operatorId: operator.id },
    STAFF_SESSION,
    {},
  );
  return { authorization: `Bearer ${token}` };
}

/**
 * The server listening for real, the reference gateway as its own process sending webhooks to it
 * (optionally through `webhookUrl`, e.g. a flaky proxy), and REFPAY configured in the back office.
 */
export async function withGateway(app: App, options: { webhookUrl?: (base: string) => string } = {}) {
  const base = await listenForReal(app);
  const secret = randomBytes(24).toString('hex');
  const callback = `${base}/wps/payments/REFPAY/callback`;
  const gateway = await startReferenceGateway({
    webhookUrl: options.webhookUrl ? options.webhookUrl(callback) : callback,
    secret,
    retryBaseMs: 100,
  });
  const res = await app.inject({
    method: 'PUT',
    url: '/bo/api/payment-gateways/REFPAY',
    headers: await staffHeaders(app),
    payload: { baseUrl: gateway.url, secret },
  });
  if (res.statusCode !== 200) throw new Error(`gateway setup failed: ${res.body}`);
  return { base, secret, gateway, callback };
}

/**
 * A proxy for the gateway's webhooks, to pass as `withGateway`'s `webhookUrl`: each delivery is
 * forwarded to the server unless `drop()` says to refuse it (503), as a flaky network would.
 */
export async function startWebhookProxy(drop: () => boolean) {
  let target = '';
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (drop()) {
        res.writeHead(503).end();
        return;
      }
      void fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-gateway-timestamp': String(req.headers['x-gateway-timestamp']),
          'x-gateway-signature': String(req.headers['x-gateway-signature']),
        },
        body: Buffer.concat(chunks),
      }).then(async (answer) => res.writeHead(answer.status).end(await answer.text()));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as AddressInfo).port;
  return {
    webhookUrl: (callbackUrl: string) => {
      target = callbackUrl;
      return `http://127.0.0.1:${port}/`;
    },
    stop: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}

/** A member's deposit request, as the site's wallet page sends it. */
export function deposit(app: App, m: { authorization: string }, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/wps/relay/MCS2_deposit',
    headers: { authorization: m.authorization },
    payload: body,
  });
}

/** The deposit as the money desk lists it (no reconciliation with the gateway). */
export async function deskDeposit(app: App, id: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/bo/api/deposits?pageSize=100',
    headers: await staffHeaders(app),
  });
  return (res.json().value.list as { depositId: string; status: string; reason: string | null }[]).find(
    (d) => d.depositId === id,
  );
}

export async function createChannel(app: App, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/payment-channels',
    headers: await staffHeaders(app),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`channel setup failed: ${res.body}`);
  return res.json().value as { id: number };
}

export const BANK_CHANNEL = {
  kind: 'BANK_TRANSFER',
  method: 'BANK',
  name: 'Bank transfer',
  min: '10.00',
  max: '100000.00',
  bank: { bankName: 'Test Bank', accountName: 'Playhouse Ltd', accountNo: '1234567890' },
};

export const GATEWAY_CHANNEL = {
  kind: 'GATEWAY',
  gatewayCode: 'REFPAY',
  method: 'QR',
  name: 'QR (RefPay)',
  min: '10.00',
  max: '100000.00',
};

/** A callback exactly as the gateway would send it, signed with `secret` (or any signature given). */
export function callback(
  app: App,
  secret: string,
  event: Record<string, unknown>,
  options: { signature?: string; timestamp?: number; body?: string } = {},
) {
  const body = options.body ?? JSON.stringify(event);
  const headers = signGatewayBody(secret, body, options.timestamp);
  return app.inject({
    method: 'POST',
    url: '/wps/payments/REFPAY/callback',
    headers: {
      'content-type': 'application/json',
      ...headers,
      ...(options.signature ? { 'x-gateway-signature': options.signature } : {}),
    },
    payload: body,
  });
}

/** A member with a profile real name and a login password (for fund-password set-up). */
export async function paymentMember(app: App, realName = 'Juan Dela Cruz', password = 'login-pass-123') {
  const { hashPassword } = await import('../../src/lib/passwords.ts');
  const m = await createTestMember(app);
  await app.services.db
    .updateTable('members')
    .set({
      password_hash: await hashPassword(password),
      profile: JSON.stringify({ payeeName: realName }),
      mobile_num: `917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      country_dialing_code: '63',
    })
    .where('id', '=', m.id)
    .execute();
  return { ...m, password };
}

export { type RunningGateway };
