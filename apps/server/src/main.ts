import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { logSerializers } from './plugins/log-serializers.ts';

const env = parseEnv();
const app = await buildApp({
  env,
  logger:
    env.NODE_ENV === 'development' && process.stdout.isTTY
      ? {
          level: env.LOG_LEVEL,
          serializers: logSerializers,
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : { level: env.LOG_LEVEL, serializers: logSerializers },
});

// In-flight requests finish, new ones get 503, then the database closes; a stuck close is cut at 10 s.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Playhouse is up: http://localhost:${env.PORT}/m/home (back office: /bo/, API docs: /wps/docs)`);
