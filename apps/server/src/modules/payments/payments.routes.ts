import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BankCardCreateSchema,
  BankCardDeleteQuerySchema,
  BankCardSchema,
  BankCardsResponseSchema,
  DepositChannelsResponseSchema,
  DepositDetailQuerySchema,
  DepositHistoryQuerySchema,
  DepositHistorySchema,
  DepositItemSchema,
  DepositRequestSchema,
  DepositResponseSchema,
  FundPasswordBodySchema,
  FundPasswordResetSchema,
  FundPasswordStatusSchema,
  RealNameBodySchema,
  RealNameSchema,
  TurnoverSchema,
  WithdrawalHistoryQuerySchema,
  WithdrawalHistorySchema,
  WithdrawInfoSchema,
  WithdrawRequestSchema,
  WithdrawResponseSchema,
} from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const security = [{ bearer: [] }];
const deposit = ['deposit'];
const withdraw = ['withdraw'];
/**
 * A route's request budget counted per session (members behind one carrier address do not share
 * one), per address for requests without a session.
 */
export const perSessionLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      typeof request.headers.authorization === 'string'
        ? `member:${createHash('sha256').update(request.headers.authorization).digest('hex').slice(0, 32)}`
        : `${request.operator.id}:${request.ip}`,
  },
});
/** Money requests: enough for a person, not for a script. */
const LIMIT = perSessionLimit(20);
/** Where the gateway's hosted page sends the payer back to. */
const RETURN_PATH = '/m/voucherCenter';

/**
 * The member's deposit and withdrawal API (architecture: "Deposits (member)", "Withdrawals
 * (member)"). Everything is looked up through the session's member: another member's deposit,
 * withdrawal or card id answers NOT_FOUND. Answers are never cached.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ publicUrl?: string | undefined }> = async (
  app,
  opts,
) => {
  const { payments, withdrawals: w } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const returnUrl = (request: FastifyRequest) =>
    `${opts.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`}${RETURN_PATH}`;

  app.get(
    '/wps/relay/MCS2_depositChannels',
    {
      config: { feature: 'DEPOSIT3' },
      schema: {
        tags: deposit,
        security,
        summary: 'Enabled deposit channels with limits, fee or bonus, opening hours and bank details',
        response: { 200: envelopeOf(DepositChannelsResponseSchema) },
      },
    },
    async (request) => {
      await requireMember(request);
      return ok(await payments.channels.forMembers(request.operator.id));
    },
  );

  app.post(
    '/wps/relay/MCS2_deposit',
    {
      config: { ...LIMIT, feature: 'DEPOSIT3' },
      schema: {
        tags: deposit,
        security,
        summary:
          'Start a deposit: a bank transfer waits for an operator (reference and 1-3 receipt uploads required); a gateway deposit answers the payUrl to pay on',
        body: DepositRequestSchema,
        response: { 200: envelopeOf(DepositResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.deposits.create(await requireMember(request), request.body, {
          returnUrl: returnUrl(request),
        }),
      ),
  );

  app.get(
    '/wps/relay/MCS2_deposit',
    {
      schema: {
        tags: deposit,
        security,
        summary: "One of the member's deposits (a waiting gateway deposit is checked with the gateway)",
        querystring: DepositDetailQuerySchema,
        response: { 200: envelopeOf(DepositItemSchema) },
      },
    },
    async (request) =>
      ok(await payments.deposits.detail(await requireMember(request), request.query.depositId)),
  );

  app.get(
    '/wps/relay/MCS2_depositRecords',
    {
      schema: {
        tags: deposit,
        security,
        summary: "The member's deposits, newest first",
        querystring: DepositHistoryQuerySchema,
        response: { 200: envelopeOf(DepositHistorySchema) },
      },
    },
    async (request) => ok(await payments.deposits.history(await requireMember(request), request.query)),
  );

  // ---------- bank cards and payee name ----------

  app.get(
    '/wps/relay/MCS2_bankCards',
    {
      schema: {
        tags: withdraw,
        security,
        summary: "The member's bank cards and e-wallet accounts (numbers masked)",
        response: { 200: envelopeOf(BankCardsResponseSchema) },
      },
    },
    async (request) => ok(await w.cards.list(await requireMember(request))),
  );

  app.post(
    '/wps/relay/MCS2_bankCards',
    {
      config: LIMIT,
      schema: {
        tags: withdraw,
        security,
        summary:
          'Add a bank card or e-wallet account; the payee is the profile real name (REAL_NAME_REQUIRED)',
        body: BankCardCreateSchema,
        response: { 200: envelopeOf(BankCardSchema) },
      },
    },
    async (request) => ok(await w.cards.add(await requireMember(request), request.body, request.ip)),
  );

  app.delete(
    '/wps/relay/MCS2_bankCards',
    {
      schema: {
        tags: withdraw,
        security,
        summary: "Remove one of the member's cards",
        querystring: BankCardDeleteQuerySchema,
        response: { 200: envelopeOf(z.object({ deleted: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await w.cards.remove(await requireMember(request), request.query.bankCardId, request.ip)),
  );

  app.get(
    '/wps/member/realName',
    {
      schema: {
        tags: withdraw,
        security,
        summary: 'The payee name of bank cards and withdrawals',
        response: { 200: envelopeOf(RealNameSchema) },
      },
    },
    async (request) => ok(await w.realName.get(await requireMember(request))),
  );

  app.put(
    '/wps/member/realName',
    {
      config: LIMIT,
      schema: {
        tags: withdraw,
        security,
        summary: 'Set the payee name once (CONFLICT when already set; an operator changes it)',
        body: RealNameBodySchema,
        response: { 200: envelopeOf(RealNameSchema) },
      },
    },
    async (request) =>
      ok(await w.realName.set(await requireMember(request), request.body.realName, request.ip)),
  );

  // ---------- fund password ----------

  app.get(
    '/wps/member/fundPassword',
    {
      schema: {
        tags: withdraw,
        security,
        summary: 'Whether the member has a fund password',
        response: { 200: envelopeOf(FundPasswordStatusSchema) },
      },
    },
    async (request) => ok(await w.fundPassword.status(await requireMember(request))),
  );

  app.put(
    '/wps/member/fundPassword',
    {
      config: LIMIT,
      schema: {
        tags: withdraw,
        security,
        summary:
          'Set the fund password with loginPassword, or change it with oldFundPassword (wrong tries throttled)',
        body: FundPasswordBodySchema,
        response: { 200: envelopeOf(FundPasswordStatusSchema) },
      },
    },
    async (request) => ok(await w.fundPassword.set(await requireMember(request), request.body, request.ip)),
  );

  app.post(
    '/wps/member/fundPassword/code',
    {
      config: LIMIT,
      schema: {
        tags: withdraw,
        security,
        summary: "Forgot the fund password: an SMS code to the member's bound phone",
        response: {
          200: envelopeOf(z.object({ expirationTime: z.number(), codeExpiresAt: z.number() })),
        },
      },
    },
    async (request) =>
      ok(
        await w.fundPassword.sendCode(await requireMember(request), {
          siteName: request.settings.site.name,
          language: request.language,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/wps/member/fundPassword/reset',
    {
      config: LIMIT,
      schema: {
        tags: withdraw,
        security,
        summary: 'Set a new fund password with the SMS code',
        body: FundPasswordResetSchema,
        response: { 200: envelopeOf(FundPasswordStatusSchema) },
      },
    },
    async (request) => ok(await w.fundPassword.reset(await requireMember(request), request.body, request.ip)),
  );

  // ---------- withdrawals ----------

  app.get(
    '/wps/transaction/withdraw/info',
    {
      config: { feature: 'WITHDRAW3' },
      schema: {
        tags: withdraw,
        security,
        summary:
          'What the withdraw page needs: balance, limits and use today, turnover, cards, fund password set',
        response: { 200: envelopeOf(WithdrawInfoSchema) },
      },
    },
    async (request) => ok(await w.withdrawals.info(await requireMember(request))),
  );

  app.get(
    '/wps/member/turnover',
    {
      schema: {
        tags: withdraw,
        security,
        summary: 'Wagering required, achieved and remaining before a withdrawal',
        response: { 200: envelopeOf(TurnoverSchema) },
      },
    },
    async (request) => ok(await w.withdrawals.turnover(await requireMember(request))),
  );

  app.post(
    '/wps/transaction/withdraw',
    {
      config: { ...LIMIT, feature: 'WITHDRAW3' },
      schema: {
        tags: withdraw,
        security,
        summary:
          'Request a withdrawal: the amount is held at once; refused over the balance, the daily limits, with turnover outstanding or a wrong fund password',
        body: WithdrawRequestSchema,
        response: { 200: envelopeOf(WithdrawResponseSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      // The operator may require two-step sign-in before any withdrawal (security settings).
      if (
        request.settings.security.memberTwoFactorForWithdrawal &&
        !(await app.services.memberTwoFactor.methodsOf(request.operator.id, me.id)).length
      )
        throw new AppError('TWO_FACTOR_REQUIRED_FOR_WITHDRAWAL');
      return ok(await w.withdrawals.request(me, request.body, request.ip));
    },
  );

  app.get(
    '/wps/transaction/withdrawals',
    {
      schema: {
        tags: withdraw,
        security,
        summary: "The member's withdrawals, newest first",
        querystring: WithdrawalHistoryQuerySchema,
        response: { 200: envelopeOf(WithdrawalHistorySchema) },
      },
    },
    async (request) => ok(await w.withdrawals.history(await requireMember(request), request.query)),
  );
};
