import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findLanguage, type LanguageCode } from '@playhouse/contract/languages';
import { formatMoney } from '@playhouse/contract/money';
import { ProviderAuthenticateSchema, type ProviderSession } from '@playhouse/contract/games';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import type { ProviderConfig } from './config.ts';
import {
  DEMO_RTP_PERCENT,
  DEMO_STAKES,
  THREE_OF_A_KIND,
  TWO_CHERRIES,
  spin,
  type Spin,
} from './demo-game.ts';
import { demoPageHtml, expiredPageHtml, spinResult } from './demo-html.ts';
import {
  DT_PICKS,
  FISH,
  MATCHES,
  OUTCOMES,
  dragonTiger,
  fishShot,
  settleSelection,
  winOf,
  type DtPick,
  type FishId,
  type MatchOutcome,
} from './demo-tables.ts';
import { screenOf, tablePageHtml } from './demo-tables-html.ts';
import { createSeamlessClient, type CallOutcome } from './seamless-client.ts';

/** A demo game open in a browser: who it plays for and, in free play, the play-money balance. */
export interface DemoSession extends ProviderSession {
  id: string;
  /** Play money (minor units) in free play; real play asks our server each time. */
  funBalance: number;
  expiresAt: number;
  busy: boolean;
}

const COOKIE = 'demo_session';
const SESSION_TTL_MS = 4 * 3600_000;
const MAX_SESSIONS = 10_000;
/** Play money a free-play session starts with. */
export const FUN_BALANCE = 2_000_00;

const SpinSchema = z.object({ stake: z.number().int().positive() }).strict();
const PlaySchema = z
  .object({
    stake: z.number().int().positive(),
    pick: z.string().max(16),
    match: z.string().max(8).optional(),
  })
  .strict();

const t = createTranslator('lobby');

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** An http(s) address to go back to, or undefined (never a script or data address). */
function safeReturn(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The round's answer for the page; amounts as decimal strings. */
function spinView(result: Spin, stake: number, win: number, balance: string, language: LanguageCode) {
  return {
    reels: result.reels,
    line: result.line,
    multiplier: result.multiplier,
    stake: formatMoney(stake),
    win: formatMoney(win),
    result: spinResult(t, language, stake, win),
    balance,
  };
}

/** Whether our server may have acted on a call that got no answer (then a bet must be cancelled). */
const unanswered = (outcome: CallOutcome) => !outcome.ok && (outcome.status === 0 || outcome.status >= 500);

/**
 * The demo game pages (demo mode on our server): `GET /demo/play?vendor&game&lang&token&returnUrl`
 * exchanges the launch token with our server (`POST /wps/provider/wallet/authenticate`, signed with the secret
 * as that vendor) and opens "Lucky Reels" for the member, labelled DEMO. Each spin is a real round
 * on our seamless wallet: `bet`, then `win` (0.00 on a losing spin), signed as the vendor, and the
 * page shows the balance our server answers. Free-play launches spin with play money and call nothing.
 */
export function registerDemoPages(app: FastifyInstance, config: ProviderConfig) {
  const sessions = new Map<string, DemoSession>();
  const base = config.target.replace(/\/+$/, '');

  function sweep() {
    const at = Date.now();
    for (const [id, s] of sessions) if (s.expiresAt < at) sessions.delete(id);
    // Oldest first: a Map keeps insertion order.
    while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  }

  const clientFor = (session: DemoSession) =>
    createSeamlessClient({ ...config, vendor: session.vendor }, { language: session.language });

  const sessionOf = (request: FastifyRequest) => {
    const id = cookieOf(request);
    const session = id ? sessions.get(id) : undefined;
    return session && session.expiresAt > Date.now() ? session : undefined;
  };

  const languageOf = (code: unknown): LanguageCode =>
    findLanguage(typeof code === 'string' ? code : undefined)?.code ?? 'EN';

  /** Our server's answer to a launch token, or why there is none. */
  async function exchange(vendor: string, token: string, language: string) {
    const body = JSON.stringify({ token });
    const signature = createHmac('sha256', config.secret).update(body).digest('hex');
    try {
      const res = await fetch(`${base}/wps/provider/wallet/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-vendor': vendor,
          'x-signature': signature,
          language,
        },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const json = (await res.json().catch(() => ({}))) as { success?: boolean; value?: unknown };
      if (!res.ok || !json.success) return undefined;
      return ProviderAuthenticateSchema.parse(json.value);
    } catch {
      return undefined;
    }
  }

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
      .send(html);

  app.get('/demo/play', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const language = languageOf(q.lang);
    const vendor = typeof q.vendor === 'string' ? q.vendor.trim().toUpperCase() : '';
    const token = typeof q.token === 'string' ? q.token : '';
    const session =
      /^[A-Z0-9_]{1,16}$/.test(vendor) && token.length >= 16 && token.length <= 128
        ? await exchange(vendor, token, language)
        : undefined;
    if (!session) return page(reply, expiredPageHtml(t, language, safeReturn(q.returnUrl)), 401);
    sweep();
    const id = randomBytes(32).toString('base64url');
    sessions.set(id, {
      ...session,
      id,
      funBalance: FUN_BALANCE,
      expiresAt: Date.now() + SESSION_TTL_MS,
      busy: false,
    });
    // The token is spent: the game lives at an address without it, so a reload keeps playing.
    return reply
      .header(
        'set-cookie',
        `${COOKIE}=${id}; Path=/demo; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}`,
      )
      .header('cache-control', 'no-store')
      .redirect('/demo/game', 303);
  });

  app.get('/demo/game', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return page(reply, expiredPageHtml(t, 'EN', undefined), 401);
    let balance = formatMoney(session.funBalance);
    if (!session.freeplay) {
      const answer = await clientFor(session).balance(session.userName);
      balance = answer.ok ? answer.value.balance : '—';
    }
    const screen = screenOf(session.gameType);
    if (screen !== 'slot')
      return page(reply, tablePageHtml(t, { session, balance, stakes: [...DEMO_STAKES], screen }));
    return page(
      reply,
      demoPageHtml(t, {
        session,
        balance,
        stakes: [...DEMO_STAKES],
        rtp: DEMO_RTP_PERCENT,
        pays: { ...THREE_OF_A_KIND, TWO_CHERRIES },
      }),
    );
  });

  /**
   * One round for the session: free play moves play money; real play takes the stake (`bet`), draws
   * the result only once the stake is taken, and closes the round with its win (`win`, 0.00 on a
   * loss), each a signed seamless call. `view` turns the drawn result into the page's answer.
   */
  async function playRound<R extends { x100: number }>(
    reply: FastifyReply,
    session: DemoSession,
    stake: number,
    draw: () => R,
    view: (result: R, win: number, balance: string, language: LanguageCode) => object,
  ) {
    if (session.busy) return reply.code(409).send({ code: 'BUSY' });
    session.busy = true;
    try {
      const language = session.language as LanguageCode;
      if (session.freeplay) {
        if (session.funBalance < stake)
          return reply.code(409).send({
            code: 'INSUFFICIENT_FUNDS',
            message: t(language, 'demoGame.funEmpty'),
            balance: formatMoney(session.funBalance),
          });
        const result = draw();
        const win = winOf(stake, result.x100);
        session.funBalance += win - stake;
        return view(result, win, formatMoney(session.funBalance), language);
      }

      const client = clientFor(session);
      const roundId = `DEMO-${randomUUID()}`;
      const bet = {
        userName: session.userName,
        transactionId: `${roundId}-bet`,
        roundId,
        gameCode: session.gameCode,
        amount: formatMoney(stake),
      };
      const placed = await client.bet(bet);
      if (!placed.ok) {
        if (unanswered(placed))
          await client.rollback({
            ...bet,
            transactionId: `${roundId}-cancel`,
            refTransactionId: bet.transactionId,
          });
        return reply.code(placed.status === 0 || placed.status >= 500 ? 502 : 409).send({
          code: placed.code,
          message: placed.message ?? t(language, 'demoGame.unavailable'),
          ...(placed.balance ? { balance: placed.balance } : {}),
        });
      }
      // The stake is taken: now the result is drawn, and the round is closed with its win.
      const result = draw();
      const win = winOf(stake, result.x100);
      const paid = await client.win({
        ...bet,
        transactionId: `${roundId}-win`,
        amount: formatMoney(win),
        refTransactionId: bet.transactionId,
      });
      if (!paid.ok)
        return reply.code(502).send({
          code: paid.code,
          message: paid.message ?? t(language, 'demoGame.unavailable'),
          balance: placed.value.balance,
        });
      return { ...view(result, win, paid.value.balance, language), roundId };
    } finally {
      session.busy = false;
    }
  }

  const stakeOf = (session: DemoSession, stake: number, reply: FastifyReply) => {
    if (DEMO_STAKES.includes(stake as (typeof DEMO_STAKES)[number])) return true;
    void reply.code(400).send({
      code: 'INVALID_REQUEST',
      message: t(session.language as LanguageCode, 'demoGame.unavailable'),
    });
    return false;
  };

  app.post('/demo/api/spin', async (request, reply) => {
    const session = sessionOf(request);
    if (!session)
      return reply.code(401).send({ code: 'SESSION_EXPIRED', message: t('EN', 'demoGame.expired') });
    const parsed = SpinSchema.safeParse(request.body);
    const stake = parsed.success ? parsed.data.stake : 0;
    if (!stakeOf(session, stake, reply)) return reply;
    return playRound(
      reply,
      session,
      stake,
      () => {
        const result = spin();
        return { ...result, x100: result.multiplier * 100 };
      },
      (result, win, balance, language) => spinView(result, stake, win, balance, language),
    );
  });

  /** A round of the session's table game: Dragon Tiger (live), Fish Hunt (fish) or a bet slip (sports). */
  app.post('/demo/api/play', async (request, reply) => {
    const session = sessionOf(request);
    if (!session)
      return reply.code(401).send({ code: 'SESSION_EXPIRED', message: t('EN', 'demoGame.expired') });
    const parsed = PlaySchema.safeParse(request.body);
    const kind = screenOf(session.gameType);
    const body = parsed.success ? parsed.data : undefined;
    if (!body)
      return reply.code(400).send({
        code: 'INVALID_REQUEST',
        message: t(session.language as LanguageCode, 'demoGame.unavailable'),
      });
    if (!stakeOf(session, body.stake, reply)) return reply;
    const { stake, pick } = body;
    const outcome = (win: number, language: LanguageCode) => spinResult(t, language, stake, win);
    if (kind === 'live' && (DT_PICKS as readonly string[]).includes(pick))
      return playRound(
        reply,
        session,
        stake,
        () => dragonTiger(pick as DtPick),
        (r, win, balance, language) => ({
          dragon: r.dragon,
          tiger: r.tiger,
          winner: r.winner,
          stake: formatMoney(stake),
          win: formatMoney(win),
          result: outcome(win, language),
          balance,
        }),
      );
    if (kind === 'fish' && FISH.some((f) => f.id === pick))
      return playRound(
        reply,
        session,
        stake,
        () => fishShot(pick as FishId),
        (r, win, balance, language) => ({
          caught: r.caught,
          stake: formatMoney(stake),
          win: formatMoney(win),
          result: outcome(win, language),
          balance,
        }),
      );
    if (
      kind === 'sports' &&
      (OUTCOMES as readonly string[]).includes(pick) &&
      MATCHES.some((m) => m.id === body.match)
    )
      return playRound(
        reply,
        session,
        stake,
        () => settleSelection(body.match!, pick as MatchOutcome)!,
        (r, win, balance, language) => ({
          outcome: r.result,
          score: r.score,
          stake: formatMoney(stake),
          win: formatMoney(win),
          result: outcome(win, language),
          balance,
        }),
      );
    return reply.code(400).send({
      code: 'INVALID_REQUEST',
      message: t(session.language as LanguageCode, 'demoGame.unavailable'),
    });
  });

  /** The balance as our server (or free play) has it now. */
  app.get('/demo/api/balance', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return reply.code(401).send({ code: 'SESSION_EXPIRED' });
    if (session.freeplay) return { balance: formatMoney(session.funBalance) };
    const answer = await clientFor(session).balance(session.userName);
    return answer.ok ? { balance: answer.value.balance } : reply.code(502).send({ code: answer.code });
  });
}
