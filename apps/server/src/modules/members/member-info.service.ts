import { NON_AGENT_TYPES, type MemberInfo, type WalletSummary } from '@playhouse/contract/account';
import { currencySymbol, formatMoney } from '@playhouse/contract/money';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { AuthenticatedMember } from './member-auth.service.ts';
import { findMemberWithRank } from '../vip/vip.repository.ts';

/** Type 2 agents cannot transfer to their upline (spec §6). */
const NO_TRANSFER_UP = 2;

/** What the header shows about the signed-in member: always looked up through the session's id. */
export function createMemberInfoService(db: Db, ledger: LedgerService) {
  return {
    async info(who: AuthenticatedMember): Promise<MemberInfo> {
      // The member and their rank's name in one read.
      const found = await findMemberWithRank(db, who.id);
      if (!found) throw new AppError('SESSION_EXPIRED');
      const { member } = found;
      const type = Number(member.type);
      return {
        id: Number(member.id),
        nickname: member.nickname,
        account: member.username,
        regDate: new Date(Number(member.created_at)).toISOString().slice(0, 10),
        toUpline:
          Boolean(member.affiliate_code) && !NON_AGENT_TYPES.includes(type) && type !== NO_TRANSFER_UP,
        type,
        // The name of the member's VIP rank (the header shows it when VIP is on).
        clubLabel: found.clubLabel,
      };
    },

    /** The member's balance from the ledger's cached projection: one indexed read. */
    async wallet(who: AuthenticatedMember): Promise<WalletSummary> {
      const wallet = await ledger.wallet({ memberId: who.id });
      if (!wallet) throw new AppError('SESSION_EXPIRED');
      return {
        sumBalance: formatMoney(wallet.balance),
        currency: wallet.currency,
        currencySymbol: currencySymbol(wallet.currency),
        // One wallet for every game (seamless); transfer-mode vendors keep no balance of their own yet.
        isSingle: 1,
      };
    },
  };
}
export type MemberInfoService = ReturnType<typeof createMemberInfoService>;
