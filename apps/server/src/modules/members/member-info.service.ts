import { NON_AGENT_TYPES, type MemberInfo, type WalletSummary } from '@playhouse/contract/account';
import { currencySymbol, formatMoney } from '@playhouse/contract/money';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { AuthenticatedMember } from './member-auth.service.ts';
import { findMemberById } from './members.repository.ts';
import { clubLabelOf } from '../vip/vip.repository.ts';

/** Type 2 agents cannot transfer to their upline (spec §6). */
const NO_TRANSFER_UP = 2;

/** What the header shows about the signed-in member: always looked up through the session's id. */
export function createMemberInfoService(db: Db, ledger: LedgerService) {
  const own = async (who: AuthenticatedMember) => {
    const member = await findMemberById(db, who.id);
    if (!member) throw new AppError('SESSION_EXPIRED');
    return member;
  };
  return {
    async info(who: AuthenticatedMember): Promise<MemberInfo> {
      const member = await own(who);
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
        clubLabel: await clubLabelOf(db, Number(member.id)),
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
