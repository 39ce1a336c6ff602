import { WHITELABEL_FLAGS, type WhitelabelFlag } from './settings.ts';

/**
 * What each whitelabel flag does on the player site, or null when it does nothing there yet. The
 * back office offers only flags with an effect, and the site's tests check that each offered flag is
 * read by the site (apps/web/src/shell/route-flags.test.ts) and that menus obey it (e2e/crawl.test.ts).
 */
export const FLAG_EFFECTS: Readonly<Record<WhitelabelFlag, string | null>> = {
  DIRECTREG3: "the header's withdraw shortcut",
  USERNAMEREG3: 'registration by username',
  MOBILENUMREG3: 'registration by mobile number',
  MOBILENUMPASSREG3: 'a password at mobile registration',
  REGMOBVERF3: 'sign-in by mobile number and SMS code',
  FACEBOOKLOGIN3: 'sign-in with Facebook',
  GOOGLELOGIN3: 'sign-in with Google',
  TELEGRAMLOGIN3: 'sign-in with Telegram',
  PSWMAIL3: 'password reset by e-mail',
  PSWPHONE3: 'password reset by SMS',
  REWCEN3: 'the reward centre (/m/rewardCenter)',
  DEPOSIT3: 'deposits (/m/voucherCenter)',
  WITHDRAW3: 'withdrawals (/m/withdraw)',
  SECURITY3: 'the security centre (/m/securityCenter)',
  RECORDS3: 'account and bet records',
  MANREBATE3: 'manual rebate (/m/member/manualRebate)',
  MAILCEN3: 'the inbox (/m/webEmail)',
  FEEDBACK3: 'feedback (/m/feedback)',
  TRANSUP3: "agents' transfers to their upline from the agent centre (never member type 2)",
  VIP3: 'VIP benefits (/m/member/benefits)',
  REFERRAL3: 'invite friends (/m/inviteFriends)',
  LIVECHAT3: 'live chat (/m/chat) and its customer-service entry',
  APPDOWNLOAD3: 'the app download page (/m/download)',
};

/** The flags the back office offers: those with an effect on the player site. */
export const OFFERED_FLAGS: readonly WhitelabelFlag[] = WHITELABEL_FLAGS.filter(
  (f) => FLAG_EFFECTS[f] !== null,
);

/**
 * Flags that switch a whole screen of the player site: off, it leaves every bar, menu and shortcut,
 * and its address says it is not offered (the route table ties each to its screen).
 */
export const SCREEN_FLAGS: readonly WhitelabelFlag[] = [
  'REWCEN3',
  'DEPOSIT3',
  'WITHDRAW3',
  'SECURITY3',
  'RECORDS3',
  'MANREBATE3',
  'MAILCEN3',
  'FEEDBACK3',
  'VIP3',
  'REFERRAL3',
  'LIVECHAT3',
  'APPDOWNLOAD3',
];
