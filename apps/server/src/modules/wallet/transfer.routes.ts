import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  WalletTransferBalanceQuerySchema,
  WalletTransferBalanceSchema,
  WalletTransferRequestSchema,
  WalletTransferResultSchema,
} from '@playhouse/contract/wallet';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['member'];
const security = [{ bearer: [] }];

/**
 * The signed-in member's transfers to and from vendors that keep their own balance (transfer.service).
 * Also runs the reconciler that settles transfers left pending (every `reconcileEveryMs`, 0: never).
 */
export const transferRoutes: FastifyPluginAsyncZod<{ reconcileEveryMs?: number }> = async (app, options) => {
  const { transfers } = app.services;

  const every = options.reconcileEveryMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  if (every > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        transfers
          .reconcilePending()
          .catch((err: unknown) => app.log.error({ err }, 'transfer reconciliation failed'))
          .finally(() => (running = false));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      schema: {
        tags,
        security,
        summary:
          'Move money to ("in") or from ("out") a transfer-mode vendor; TRANSFER_PENDING (202) while the vendor confirms, a replayed requestId answers the first transfer',
        body: WalletTransferRequestSchema,
        response: { 200: envelopeOf(WalletTransferResultSchema) },
      },
    },
    async (request) => {
      const m = await requireMember(request);
      return ok(await transfers.transfer({ id: m.id, operatorId: m.operatorId }, request.body));
    },
  );

  app.get(
    '/wps/relay/GCS_walletTransfer/balance',
    {
      schema: {
        tags,
        security,
        summary: "The member's balance held at a transfer-mode vendor, as the vendor reports it",
        querystring: WalletTransferBalanceQuerySchema,
        response: { 200: envelopeOf(WalletTransferBalanceSchema) },
      },
    },
    async (request) => {
      const m = await requireMember(request);
      return ok(
        await transfers.vendorBalance({ id: m.id, operatorId: m.operatorId }, request.query.vendorCode),
      );
    },
  );
};
