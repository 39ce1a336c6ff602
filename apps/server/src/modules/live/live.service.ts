import { formatMoney } from '@playhouse/contract/money';
import type { LiveEvent } from '@playhouse/contract/live';
import type { JackpotService } from '../jackpot/jackpot.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LiveBus } from './live-bus.ts';

/** How often at most one instance pushes an operator's jackpot pool (its read is cached as long). */
const JACKPOT_PUSH_MS = 2000;

export const memberTopic = (operatorId: number, memberId: number) => `m:${operatorId}:${memberId}`;
export const operatorTopic = (operatorId: number) => `o:${operatorId}`;

/**
 * What members watch, pushed as it happens (decision 024): the balance after every ledger movement of
 * theirs, their deposits' and withdrawals' status, inbox and unread changes, the operator's jackpot
 * pool. Events are published to topics on the live bus; the sockets of this and every other instance
 * subscribe to their member's and operator's topics.
 */
export function createLiveService(deps: { bus: LiveBus; ledger: LedgerService; jackpot: JackpotService }) {
  const { bus, jackpot } = deps;
  const jackpotTimers = new Map<number, NodeJS.Timeout>();
  const lastJackpot = new Map<number, string>();

  function toMember(operatorId: number, memberId: number, event: LiveEvent) {
    bus.publish(memberTopic(operatorId, memberId), JSON.stringify(event));
  }
  function toOperator(operatorId: number, event: LiveEvent) {
    bus.publish(operatorTopic(operatorId), JSON.stringify(event));
  }

  /** The pool moved: pushed once the throttle window ends, and only when its figure changed. */
  function jackpotMoved(operatorId: number, currency: string) {
    if (jackpotTimers.has(operatorId)) return;
    const timer = setTimeout(() => {
      jackpotTimers.delete(operatorId);
      jackpot
        .get(operatorId, currency)
        .then((pool) => {
          if (lastJackpot.get(operatorId) === pool.amount) return;
          lastJackpot.set(operatorId, pool.amount);
          toOperator(operatorId, { type: 'jackpot', amount: pool.amount });
        })
        .catch(() => undefined);
    }, JACKPOT_PUSH_MS);
    timer.unref();
    jackpotTimers.set(operatorId, timer);
  }

  deps.ledger.onCommitted((moved) => {
    for (const { memberId, balance } of moved.members) {
      toMember(moved.operatorId, memberId, {
        type: 'balance',
        balance: formatMoney(balance),
        currency: moved.currency,
        kind: moved.kind,
      });
      if (moved.kind === 'deposit' || moved.kind === 'withdrawal')
        toMember(moved.operatorId, memberId, {
          type: 'payment',
          flow: moved.kind,
          id: moved.reference,
          status: null,
        });
    }
    if (moved.houses.includes('jackpot')) jackpotMoved(moved.operatorId, moved.currency);
  });

  return {
    bus,
    toMember,
    toOperator,
    /** A member's deposit or withdrawal changed status without money moving (rejected, failed). */
    paymentChanged(
      operatorId: number,
      memberId: number,
      flow: 'deposit' | 'withdrawal',
      id: string,
      status: string,
    ) {
      toMember(operatorId, memberId, { type: 'payment', flow, id, status });
    },
    /** The member's inbox or unread counters changed (sent to every tab of theirs). */
    inboxChanged(operatorId: number, memberId: number) {
      toMember(operatorId, memberId, { type: 'inbox' });
    },
    /** The member signed this session out: its sockets on every instance close. */
    signedOut(operatorId: number, memberId: number, sessionId: number) {
      toMember(operatorId, memberId, { type: 'signedOut', session: sessionId });
    },
    /** Every member of the operator has new inbox messages (a broadcast). */
    inboxChangedForAll(operatorId: number) {
      toOperator(operatorId, { type: 'inbox' });
    },
    close() {
      for (const timer of jackpotTimers.values()) clearTimeout(timer);
      jackpotTimers.clear();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
