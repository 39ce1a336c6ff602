import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsGatewayProvider } from '../src/modules/outbox/sms-gateway-provider.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A local SMS gateway that records every request and answers with the status the test chooses. */
let gateway: Server;
let gatewayUrl: string;
const received: Received[] = [];
let answer = 200;
const hung: ServerResponse[] = [];

beforeAll(async () => {
  gateway = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: raw ? (JSON.parse(raw) as unknown) : null,
      });
      if (req.url === '/hang') {
        hung.push(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer === 200 ? { id: received.length } : { error: 'rejected' }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hung) res.destroy();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe.each(DIALECTS)('HTTP SMS gateway on %s', (dialect) => {
  it('sends verification codes as JSON {to, text} with the bearer token and logs them without the code', async () => {
    const app = await createTestApp(dialect, {
      SMS_GATEWAY_URL: `${gatewayUrl}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-token-1',
    });
    answer = 200;
    const before = received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '+63', mobileNum: '9171234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(received.length).toBe(before + 1);
    const got = received.at(-1)!;
    expect(got).toMatchObject({
      method: 'POST',
      path: '/send',
      authorization: 'Bearer gateway-token-1',
      contentType: 'application/json',
    });
    const body = got.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    expect(body.to).toBe('+639171234567');
    const code = /\b(\d{6})\b/.exec(body.text)?.[1];
    expect(code).toBeTruthy();

    const outbox = (
      await app.inject({ url: '/bo/api/outbox?channel=sms', headers: await staffAuth(app) })
    ).json().value;
    expect(outbox.list[0].recipient).toBe('+639171234567');
    expect(outbox.list[0].body).not.toContain(code);
    const row = await app.services.db
      .selectFrom('outbox_messages')
      .select('provider')
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(row.provider).toBe('sms-gateway');
  });

  it('says the SMS could not be sent when the gateway refuses it, and lets the player retry at once', async () => {
    const app = await createTestApp(dialect, { SMS_GATEWAY_URL: `${gatewayUrl}/send` });
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: { language: 'EN' },
        payload: { countryDialingCode: '+63', mobileNum: '9171234568' },
      });
    answer = 503;
    const res = await ask();
    answer = 200;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SMS_SEND_FAILED',
      message: 'The SMS could not be sent. Please try again in a moment.',
    });
    expect(received.at(-1)!.authorization).toBeUndefined();
    // No resend countdown for a message that never left.
    const retry = await ask();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().value.expirationTime).toBeGreaterThan(Date.now());
  });
});

describe('SMS gateway provider', () => {
  const sms = { operatorId: 1, channel: 'sms' as const, recipient: '+639170000000', body: 'hello' };

  it('names the gateway and its answer on failure, and gives up after its timeout', async () => {
    answer = 401;
    await expect(createSmsGatewayProvider(`${gatewayUrl}/send`, 't').deliver(sms)).rejects.toThrow(
      /SMS gateway 127\.0\.0\.1:\d+ answered HTTP 401/,
    );
    answer = 200;
    await expect(createSmsGatewayProvider(`${gatewayUrl}/hang`, 't', 200).deliver(sms)).rejects.toThrow(
      /timed out after 200 ms/,
    );
    await expect(
      createSmsGatewayProvider(`${gatewayUrl}/send`, 't').deliver({ ...sms, channel: 'email' }),
    ).rejects.toThrow(/only sends SMS/);
  });
});
