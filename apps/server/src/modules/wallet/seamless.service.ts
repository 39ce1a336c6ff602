import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { SeamlessRequest, SeamlessResult } from '@playhouse/contract/wallet';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { CatalogueService } from '../games/catalogue.service.ts';
import { requestHash, type HousePurpose, type Leg } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import { verifySignature } from './provider-signature.ts';
import * as repo from './seamless.repository.ts';

/** The answer stored with each entry; `duplicate` is true only for a rollback of a cancelled bet. */
type Stored = SeamlessResult;

/**
 * The seamless wallet game providers call (architecture: "Contracts outside callers rely on").
 *
 * A vendor's stake and win move between the member's account and the `vendor:<code>` house account,
 * keyed by the provider's transaction id (one namespace per vendor, whatever the action), so a
 * replay answers the first result with `duplicate: true`. Ordering rules, each decided while the
 * member's account row is locked so concurrent calls about one member are judged one at a time:
 * - a win needs a bet of the same member in its round that was not rolled back, and settles the
 *   round's open bets;
 * - a rollback refunds an open bet's stake; of a settled bet it is refused; of a rolled-back bet it
 *   is a duplicate; of an unknown bet it leaves a tombstone so the late bet is refused.
 * A closed member account can still be paid (wins, rollbacks), never staked.
 */
export function createSeamlessService(
  ledger: LedgerService,
  catalogue: Pick<CatalogueService, 'walletVendor'>,
  protection: Pick<ResponsibleGamblingService, 'assertStakeAllowed'>,
) {
  async function member(operatorId: number, userName: string) {
    const found = await ledger.wallet({ operatorId, userName });
    if (!found) throw new AppError('ACCOUNT_UNAVAILABLE');
    return found;
  }

  /** Who the call is about; whether they may stake is judged inside the movement. */
  async function identity(operatorId: number, userName: string) {
    const found = await ledger.identity(operatorId, userName);
    if (!found) throw new AppError('ACCOUNT_UNAVAILABLE');
    return found;
  }

  const amountOf = (body: SeamlessRequest) => {
    const minor = parseMoney(body.amount);
    if (minor === undefined) throw fieldError('amount', 'invalidFormat');
    return minor;
  };

  /** Everything a request says, so that a replay with any other content is a mismatch. */
  const hashOf = (action: string, userName: string, body: SeamlessRequest, amount: number) =>
    requestHash({
      action,
      userName,
      roundId: body.roundId,
      gameCode: body.gameCode,
      amount,
      refTransactionId: body.refTransactionId ?? null,
    });

  const answer = (posted: { response: Stored; duplicate: boolean }): SeamlessResult => ({
    ...posted.response,
    duplicate: posted.duplicate || posted.response.duplicate,
  });

  return {
    /**
     * The vendor a signed request comes from. Unknown, disabled and unconfigured vendors get the
     * same INVALID_SIGNATURE as a wrong signature, so a caller learns nothing about which vendors exist.
     */
    async authenticate(
      operatorId: number,
      vendorHeader: unknown,
      signature: unknown,
      rawBody: Buffer,
      options: { anyWalletMode?: boolean } = {},
    ) {
      const code = typeof vendorHeader === 'string' ? vendorHeader.trim().toUpperCase() : '';
      const vendor = /^[A-Z0-9_]{1,16}$/.test(code)
        ? await catalogue.walletVendor(operatorId, code)
        : undefined;
      if (!vendor || !verifySignature(vendor.secret, rawBody, signature))
        throw new AppError('INVALID_SIGNATURE');
      if (vendor.walletMode !== 'seamless' && !options.anyWalletMode)
        throw new AppError('WALLET_MODE_MISMATCH');
      return vendor.code;
    },

    async balance(operatorId: number, body: { userName: string; transactionId?: string | undefined }) {
      const m = await member(operatorId, body.userName);
      return { balance: formatMoney(m.balance), transactionId: body.transactionId ?? '', duplicate: false };
    },

    async bet(operatorId: number, vendor: string, body: SeamlessRequest): Promise<SeamlessResult> {
      const stake = amountOf(body);
      const m = await identity(operatorId, body.userName);
      const house: HousePurpose = `vendor:${vendor}`;
      // On PostgreSQL one round trip (ledger.postSeamless); `apply` is what the general path does.
      const posted = await ledger.postSeamless<Stored>(
        {
          operatorId,
          kind: 'bet',
          source: house,
          key: body.transactionId,
          requestHash: hashOf('bet', m.userName, body, stake),
          memberId: m.memberId,
          // A closed account cannot stake; a replay of a bet answers even when it has since closed.
          activeMemberOnly: true,
          currency: m.currency,
          reference: body.roundId,
          legs: [
            { member: m.memberId, amount: -stake },
            { house, amount: stake },
          ],
          respond: ({ balance }) => ({
            balance: formatMoney(balance!),
            transactionId: body.transactionId,
            duplicate: false,
          }),
          apply: async (trx, moved) => {
            const at = now();
            const placed = await repo.insertBet(trx, {
              operator_id: operatorId,
              vendor_code: vendor,
              transaction_id: body.transactionId,
              round_id: body.roundId,
              member_id: m.memberId,
              game_code: body.gameCode,
              amount: stake,
              state: 'placed',
              entry_id: moved.entryId,
              created_at: at,
              updated_at: at,
            });
            // The id is taken by a tombstone: its rollback came first, so this bet must not stand.
            if (!placed) throw new AppError('BET_ROLLED_BACK');
            // Time-out, self-exclusion and limits, judged under the member's lock (decision 013).
            await protection.assertStakeAllowed(trx, {
              operatorId,
              memberId: m.memberId,
              amount: stake,
              at,
              entryId: moved.entryId,
            });
          },
        },
        {
          action: 'bet',
          vendor,
          roundId: body.roundId,
          gameCode: body.gameCode,
          amount: stake,
          refTransactionId: null,
        },
      );
      return answer(posted);
    },

    async win(operatorId: number, vendor: string, body: SeamlessRequest): Promise<SeamlessResult> {
      const amount = amountOf(body);
      const m = await identity(operatorId, body.userName);
      const house: HousePurpose = `vendor:${vendor}`;
      const posted = await ledger.postSeamless<Stored>(
        {
          operatorId,
          kind: 'win',
          source: house,
          key: body.transactionId,
          requestHash: hashOf('win', m.userName, body, amount),
          memberId: m.memberId,
          currency: m.currency,
          reference: body.roundId,
          legs: [
            { member: m.memberId, amount },
            { house, amount: -amount },
          ],
          respond: ({ balance }) => ({
            balance: formatMoney(balance!),
            transactionId: body.transactionId,
            duplicate: false,
          }),
          apply: async (trx) => {
            if (body.refTransactionId !== undefined) {
              const bet = await repo.findBet(trx, operatorId, vendor, body.refTransactionId);
              if (
                !bet ||
                bet.state === 'tombstone' ||
                Number(bet.member_id) !== m.memberId ||
                bet.round_id !== body.roundId
              )
                throw new AppError('BET_NOT_FOUND');
              if (bet.state === 'rolled_back') throw new AppError('BET_ROLLED_BACK');
            } else {
              const states = await repo.betStatesOfRound(trx, operatorId, vendor, body.roundId, m.memberId);
              if (!states.length) throw new AppError('BET_NOT_FOUND');
              if (states.every((b) => b.state === 'rolled_back')) throw new AppError('BET_ROLLED_BACK');
            }
            await repo.settleRound(trx, operatorId, vendor, body.roundId, m.memberId, now());
          },
        },
        {
          action: 'win',
          vendor,
          roundId: body.roundId,
          gameCode: body.gameCode,
          amount,
          refTransactionId: body.refTransactionId ?? null,
        },
      );
      return answer(posted);
    },

    async rollback(operatorId: number, vendor: string, body: SeamlessRequest): Promise<SeamlessResult> {
      const ref = body.refTransactionId;
      if (ref === undefined) throw fieldError('refTransactionId', 'required');
      const amount = amountOf(body);
      const m = await identity(operatorId, body.userName);
      const house: HousePurpose = `vendor:${vendor}`;
      // What the locked state says this rollback is; set while deciding the legs.
      let outcome:
        | { kind: 'undecided' }
        | { kind: 'refund'; betId: number }
        | { kind: 'tombstone' }
        | { kind: 'duplicate' } = { kind: 'undecided' };
      // On PostgreSQL one round trip (ledger.postSeamless), deciding as `legs` and `apply` do here.
      const posted = await ledger.postSeamless<Stored>(
        {
          operatorId,
          kind: 'rollback',
          source: house,
          key: body.transactionId,
          requestHash: hashOf('rollback', m.userName, body, amount),
          memberId: m.memberId,
          currency: m.currency,
          reference: body.roundId,
          legs: async (trx): Promise<Leg[]> => {
            const bet = await repo.findBet(trx, operatorId, vendor, ref);
            if (!bet) {
              outcome = { kind: 'tombstone' };
              return [];
            }
            if (Number(bet.member_id) !== m.memberId) throw new AppError('BET_NOT_FOUND');
            switch (bet.state) {
              case 'settled':
                throw new AppError('BET_ALREADY_SETTLED');
              case 'placed':
                outcome = { kind: 'refund', betId: Number(bet.id) };
                // The stake the bet took comes back, whatever amount the rollback names.
                return [
                  { member: m.memberId, amount: Number(bet.amount) },
                  { house, amount: -Number(bet.amount) },
                ];
              default:
                // Already rolled back, or a second rollback of a bet never seen.
                outcome = { kind: 'duplicate' };
                return [];
            }
          },
          respond: ({ balance }) => ({
            balance: formatMoney(balance!),
            transactionId: body.transactionId,
            duplicate: outcome.kind === 'duplicate',
          }),
          apply: async (trx) => {
            const at = now();
            if (outcome.kind === 'refund') {
              if (!(await repo.markRolledBack(trx, outcome.betId, at))) throw new AppError('CONFLICT');
            } else if (outcome.kind === 'tombstone') {
              const recorded = await repo.insertBet(trx, {
                operator_id: operatorId,
                vendor_code: vendor,
                transaction_id: ref,
                round_id: body.roundId,
                member_id: m.memberId,
                game_code: body.gameCode,
                amount,
                state: 'tombstone',
                entry_id: null,
                created_at: at,
                updated_at: at,
              });
              // Another member's bet took the id meanwhile: this rollback names a bet it does not own.
              if (!recorded) throw new AppError('BET_NOT_FOUND');
            }
          },
        },
        {
          action: 'rollback',
          vendor,
          roundId: body.roundId,
          gameCode: body.gameCode,
          amount,
          refTransactionId: ref,
        },
      );
      return answer(posted);
    },
  };
}
export type SeamlessService = ReturnType<typeof createSeamlessService>;
