import { WebSocket } from 'ws';
import { LIVE_PATH, type LiveEvent } from '@playhouse/contract/live';

/**
 * A live-channel client over a real socket, as the site opens it: connect, send the token as the
 * first message, then read pushed events. `next` waits for the first event (not yet taken) that
 * matches; `closed` resolves with the close code.
 */
export async function openLive(base: string, options: { token?: string; query?: string } = {}) {
  const socket = new WebSocket(base.replace(/^http/, 'ws') + LIVE_PATH + (options.query ?? ''));
  const events: LiveEvent[] = [];
  const waiters: { match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    const i = waiters.findIndex((w) => w.match(event));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(event);
    else events.push(event);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  function next<T extends LiveEvent['type']>(
    type: T,
    match: (e: Extract<LiveEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<LiveEvent, { type: T }>> {
    const test = (e: LiveEvent) => e.type === type && match(e as Extract<LiveEvent, { type: T }>);
    const i = events.findIndex(test);
    if (i >= 0) return Promise.resolve(events.splice(i, 1)[0] as Extract<LiveEvent, { type: T }>);
    return new Promise((resolve) =>
      waiters.push({ match: test, resolve: resolve as (e: LiveEvent) => void }),
    );
  }

  const client = {
    socket,
    events,
    closed,
    next,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () => socket.close(),
  };
  if (options.token) {
    client.send({ type: 'auth', token: options.token });
    await next('ready');
  }
  return client;
}

/** The token of a `Bearer …` header. */
export const tokenOf = (authorization: string) => authorization.replace(/^Bearer /, '');
