import type { ReferralSummary } from '@playhouse/contract/referral';
import { useMemberQuery } from '../../session/session.ts';

export type { ReferralSummary };

/** My referral code, link, QR code and invited friends. */
export const useReferralSummary = () =>
  useMemberQuery<ReferralSummary>(['referral', 'summary'], '/wps/referral/summary', {
    refetchOnWindowFocus: 'always',
  });
