import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  DeskApproveSchema,
  DeskDecisionSchema,
  DeskDepositPageSchema,
  DeskQuerySchema,
  DeskRejectSchema,
  DeskWithdrawalPageSchema,
  MoneySummaryQuerySchema,
  MoneySummarySchema,
  PaymentChannelCreateSchema,
  PaymentChannelSchema,
  PaymentChannelUpdateSchema,
  PaymentSettingsPatchSchema,
  PaymentSettingsSchema,
} from '@playhouse/contract/payments';
import { ok } from '../../lib/envelope.ts';
import { staffActor } from '../games/require-staff.ts';

const tags = ['back office: money desk'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.string().min(1).max(64) });
const ChannelParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Every route checks the staff member's role (decision 018): channels, settings and gateways are
 * read by those who read the summary (admin, finance) and changed by admins only; the queues are read
 * by every money-desk role; decisions take finance or admin.
 *
 * The back office's money desk (architecture: "Operator money desk"): deposit channels, payment
 * settings and gateways, the deposit and withdrawal queues with their decisions (audited; a repeated
 * decision answers the first result and moves nothing; the opposite one is ALREADY_DECIDED), and the
 * daily summary.
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, withdrawals } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---------- channels ----------

  app.get(
    '/bo/api/payment-channels',
    {
      config: { permission: 'money.summary' },
      schema: {
        tags,
        security,
        summary: 'Deposit channels',
        response: { 200: envelopeOf(z.array(PaymentChannelSchema)) },
      },
    },
    async (request) => {
      return ok(await payments.channels.list(request.operator.id));
    },
  );

  app.post(
    '/bo/api/payment-channels',
    {
      config: { permission: 'money.configure' },
      schema: {
        tags,
        security,
        summary: 'Add a deposit channel (bank transfer with bank details, or a gateway code); audited',
        body: PaymentChannelCreateSchema,
        response: { 200: envelopeOf(PaymentChannelSchema) },
      },
    },
    async (request) =>
      ok(await payments.channels.create(request.operator.id, staffActor(request), request.body)),
  );

  app.put(
    '/bo/api/payment-channels/:id',
    {
      config: { permission: 'money.configure' },
      schema: {
        tags,
        security,
        summary: 'Change a deposit channel (any subset of fields); audited',
        params: ChannelParams,
        body: PaymentChannelUpdateSchema,
        response: { 200: envelopeOf(PaymentChannelSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.channels.update(
          request.operator.id,
          staffActor(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/bo/api/payment-channels/:id',
    {
      config: { permission: 'money.configure' },
      schema: {
        tags,
        security,
        summary: 'Remove a deposit channel (its deposits keep their channel name); audited',
        params: ChannelParams,
        response: { 200: envelopeOf(z.object({ deleted: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await payments.channels.remove(request.operator.id, staffActor(request), request.params.id)),
  );

  // ---------- settings and gateways ----------

  app.get(
    '/bo/api/payment-settings',
    {
      config: { permission: 'money.summary' },
      schema: {
        tags,
        security,
        summary: 'Withdrawal limits, turnover multipliers and the time zone of a day',
        response: { 200: envelopeOf(PaymentSettingsSchema) },
      },
    },
    async (request) => {
      return ok(await payments.settings(request.operator.id));
    },
  );

  app.put(
    '/bo/api/payment-settings',
    {
      config: { permission: 'money.configure' },
      schema: {
        tags,
        security,
        summary: 'Change payment settings (partial, deep-merged); audited',
        body: PaymentSettingsPatchSchema,
        response: { 200: envelopeOf(PaymentSettingsSchema) },
      },
    },
    async (request) =>
      ok(await payments.updateSettings(request.operator.id, staffActor(request), request.body)),
  );

  app.get(
    '/bo/api/payment-gateways',
    {
      config: { permission: 'money.summary' },
      schema: {
        tags,
        security,
        summary: 'Configured payment gateways (secrets never shown)',
        response: {
          200: envelopeOf(
            z.array(z.object({ code: z.string(), baseUrl: z.string(), updatedAt: z.number() })),
          ),
        },
      },
    },
    async (request) => {
      return ok(await payments.gateways.list(request.operator.id));
    },
  );

  app.put(
    '/bo/api/payment-gateways/:code',
    {
      config: { permission: 'money.configure' },
      schema: {
        tags,
        security,
        summary: 'Point a gateway code at its API with the shared secret (sealed at rest); audited',
        params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
        body: z.object({ baseUrl: z.string().url().max(1000), secret: z.string().min(16).max(256) }).strict(),
        response: { 200: envelopeOf(z.object({ code: z.string(), baseUrl: z.string() })) },
      },
    },
    async (request) => {
      const staff = staffActor(request);
      await payments.gateways.configure(request.operator.id, { code: request.params.code, ...request.body });
      await app.services.audit.record({
        operatorId: request.operator.id,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'payments.gateway.configured',
        target: `gateway:${request.params.code}`,
        detail: { baseUrl: request.body.baseUrl },
        ip: staff.ip,
      });
      return ok({ code: request.params.code, baseUrl: request.body.baseUrl });
    },
  );

  // ---------- deposit queue ----------

  app.get(
    '/bo/api/deposits',
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'Deposits, newest first, by status, member, channel and days (payment settings time zone)',
        querystring: DeskQuerySchema,
        response: { 200: envelopeOf(DeskDepositPageSchema) },
      },
    },
    async (request) => {
      return ok(await payments.deposits.desk(request.operator.id, request.query));
    },
  );

  app.post(
    '/bo/api/deposits/:id/approve',
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: 'Approve a bank-transfer deposit: credited once through the ledger; audited',
        params: IdParams,
        body: DeskApproveSchema.optional(),
        response: { 200: envelopeOf(DeskDecisionSchema) },
      },
    },
    async (request) =>
      ok(await payments.deposits.approve(request.operator.id, staffActor(request), request.params.id)),
  );

  app.post(
    '/bo/api/deposits/:id/reject',
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: 'Reject a bank-transfer deposit with a reason; audited',
        params: IdParams,
        body: DeskRejectSchema,
        response: { 200: envelopeOf(DeskDecisionSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.deposits.reject(
          request.operator.id,
          staffActor(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  // ---------- withdrawal queue ----------

  app.get(
    '/bo/api/withdrawals',
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'Withdrawals, newest first, by status, member and days',
        querystring: DeskQuerySchema,
        response: { 200: envelopeOf(DeskWithdrawalPageSchema) },
      },
    },
    async (request) => {
      return ok(await withdrawals.withdrawals.desk(request.operator.id, request.query));
    },
  );

  app.post(
    '/bo/api/withdrawals/:id/approve',
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: 'Approve a withdrawal: paid out through the gateway, then the hold is settled; audited',
        params: IdParams,
        body: DeskApproveSchema.optional(),
        response: { 200: envelopeOf(DeskDecisionSchema) },
      },
    },
    async (request) =>
      ok(await withdrawals.withdrawals.approve(request.operator.id, staffActor(request), request.params.id)),
  );

  app.post(
    '/bo/api/withdrawals/:id/reject',
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: 'Reject a withdrawal with a reason: the held amount returns to the member; audited',
        params: IdParams,
        body: DeskRejectSchema,
        response: { 200: envelopeOf(DeskDecisionSchema) },
      },
    },
    async (request) =>
      ok(
        await withdrawals.withdrawals.reject(
          request.operator.id,
          staffActor(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/bo/api/money-summary',
    {
      config: { permission: 'money.summary' },
      schema: {
        tags,
        security,
        summary: 'Per day: deposits credited, withdrawals paid, counts, net, and requests waiting',
        querystring: MoneySummaryQuerySchema,
        response: { 200: envelopeOf(MoneySummarySchema) },
      },
    },
    async (request) => {
      return ok(await payments.summary(request.operator.id, request.query));
    },
  );
};
