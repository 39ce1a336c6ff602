import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { logSerializers } from './log-serializers.ts';

it('logs a request without its query, so one-time tokens never reach the log', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers } });
  app.get('/m/forget', async () => 'ok');
  await app.inject({ url: '/m/forget?token=secret-reset-token-value' });
  await app.close();
  const logged = lines.join('');
  expect(logged).toContain('"url":"/m/forget"');
  expect(logged).not.toContain('secret-reset-token-value');
});
