import { describe, expect, it } from 'vitest';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { App } from '../src/app.ts';
import { GOOD_PASSWORD, newUsername, register, solvedCaptcha } from './support/auth-client.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { DIALECTS, createTestApp } from './support/test-app.ts';

const PARALLEL = 10;
/** Right passwords in parallel are checked one after another by design: room for a busy machine. */
const SERIAL_CHECKS_MS = 120_000;

/** The public key once per app: the browser fetches it once too. */
async function encryptor(app: App) {
  const { publicKey } = (await app.inject({ url: '/wps/system/publicKey' })).json().value as {
    publicKey: string;
  };
  return async (payload: unknown, remoteAddress = '127.0.0.1') => {
    const { header, body } = await encryptCredentials(publicKey, payload);
    return app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress,
      headers: { encryption: header, language: 'EN' },
      payload: body,
    });
  };
}

/**
 * A sign-in still in flight is not a failure (decision 014 kept: wrong guesses are counted before
 * they are checked). Parallel sign-ins with the right password (tabs restoring, an app and a browser)
 * all get in without a captcha; parallel wrong guesses still get one password check.
 */
describe.each(DIALECTS)('parallel sign-ins (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const username = newUsername();
    const res = await register(app, {
      username,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      ...(await solvedCaptcha(app)),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { app, username, send: await encryptor(app) };
  })();

  it(
    `signs in ${PARALLEL} parallel attempts with the right password, none asked for a captcha`,
    async () => {
      const { app, username, send } = await ready;
      await app.services.db.deleteFrom('login_throttles').execute();
      const outcomes = await race(PARALLEL, () =>
        send({ type: 'username', username, password: GOOD_PASSWORD }),
      );
      expect(tally(outcomes, responseLabel)).toEqual({ '200': PARALLEL });
      // Nothing is left counted: the next sign-in needs no captcha either.
      expect((await send({ type: 'username', username, password: GOOD_PASSWORD })).statusCode).toBe(200);
    },
    SERIAL_CHECKS_MS,
  );

  it(
    'still checks one password of parallel wrong ones mixed with right ones',
    async () => {
      const { app, username, send } = await ready;
      await app.services.db.deleteFrom('login_throttles').execute();
      // A wrong guess first, then right and wrong ones together: after one counted failure every
      // attempt, right or wrong, must bring a captcha (the account asks for one after a failure).
      const first = await send({ type: 'username', username, password: 'Wrong-guess-0' });
      expect(first.json().code).toBe('INVALID_CREDENTIALS');
      const outcomes = await race(PARALLEL, (i) =>
        send({ type: 'username', username, password: i % 2 ? GOOD_PASSWORD : `Wrong-guess-${i}` }),
      );
      expect(tally(outcomes, responseLabel)).toEqual({ '400 CAPTCHA_REQUIRED': PARALLEL });
      // Parallel wrong guesses on a clean account: one is checked, the rest bring a captcha.
      await app.services.db.deleteFrom('login_throttles').execute();
      const guesses = await race(PARALLEL * 3, (i) =>
        send({ type: 'username', username, password: `Guess-${i}` }),
      );
      expect(tally(guesses, responseLabel)).toEqual({
        '401 INVALID_CREDENTIALS': 1,
        '400 CAPTCHA_REQUIRED': PARALLEL * 3 - 1,
      });
    },
    SERIAL_CHECKS_MS,
  );
});
