import { parseMoney } from '@playhouse/contract/money';
import type { Redis } from 'ioredis';
import type { Db } from './modules/operators/operators.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createOutboxService } from './modules/outbox/outbox.service.ts';
import { createSettingsService, type ChangeBus } from './modules/operators/settings.service.ts';
import { createOperatorDirectory, type DirectoryOptions } from './modules/operators/operator-directory.ts';
import { createRegionService } from './modules/region/region.service.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createStaffAccountsService } from './modules/backoffice/staff-accounts.service.ts';
import { createStaffService } from './modules/backoffice/staff.service.ts';
import { credentialKeys } from './modules/system/credential-keys.ts';
import { loadSecretBox } from './modules/system/secret-box.ts';
import { createMemberAuth } from './modules/members/member-auth.service.ts';
import { createMemberCentreService } from './modules/members/member-centre.service.ts';
import { createSmtpProvider } from './modules/outbox/smtp-provider.ts';
import { createSmsGatewayProvider } from './modules/outbox/sms-gateway-provider.ts';
import { createOAuthClient } from './modules/social/oauth-client.ts';
import { createSocialService } from './modules/social/social.service.ts';
import { createPasswordService } from './modules/password/password.service.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.service.ts';
import { createMemberTwoFactorService } from './modules/auth/member-two-factor.service.ts';
import { createSignInAlertsService } from './modules/auth/sign-in-alerts.service.ts';
import { createMemberInfoService } from './modules/members/member-info.service.ts';
import { createMemberDeskService } from './modules/members/member-desk.service.ts';
import { createCatalogueService } from './modules/games/catalogue.service.ts';
import { createPlayerGamesService } from './modules/games/player-games.service.ts';
import { createDemoService } from './modules/games/demo.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createJackpotService } from './modules/jackpot/jackpot.service.ts';
import { createWinnersService } from './modules/winners/winners.service.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createSeamlessService } from './modules/wallet/seamless.service.ts';
import { createAdjustmentsService } from './modules/wallet/adjustments.service.ts';
import { createTransferService } from './modules/wallet/transfer.service.ts';
import { createTransactionsService } from './modules/transactions/transactions.service.ts';
import { createResponsibleGamblingService } from './modules/responsible-gambling/responsible-gambling.service.ts';
import { createPlayService } from './modules/play/play.service.ts';
import { createBetRecordsService } from './modules/play/bet-records.service.ts';
import { createDrawsService } from './modules/draws/draws.service.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createWithdrawalsService } from './modules/payments/withdrawals.service.ts';
import { createHelpService } from './modules/help/help.service.ts';
import { createLegalService } from './modules/legal/legal.service.ts';
import { createReferralService } from './modules/referral/referral.service.ts';
import { createAgentsService } from './modules/agents/agents.service.ts';
import { createContractsService } from './modules/agents/contracts.service.ts';
import { createInboxService } from './modules/inbox/inbox.service.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { createRewardsService } from './modules/rewards/rewards.service.ts';
import { createVipService } from './modules/vip/vip.service.ts';
import { createFeedbackService } from './modules/inbox/feedback.service.ts';
import { createLiveBus, type LiveBus } from './modules/live/live-bus.ts';
import { createLiveService } from './modules/live/live.service.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createReportTotalsService } from './modules/reports/report-totals.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';

/** Settings invalidation across instances: Redis pub/sub when available, local only otherwise. */
export function createChangeBus(redis?: { pub: Redis; sub: Redis }, keyPrefix = 'playhouse:'): ChangeBus {
  const CHANNEL = `${keyPrefix}settings-changed`;
  const listeners: ((operatorId: number) => void)[] = [];
  if (redis) {
    // While Redis is away the subscription fails; it is made again once Redis is back.
    const subscribe = () => {
      redis.sub.subscribe(CHANNEL).catch(() => redis.sub.once('ready', subscribe));
    };
    subscribe();
    // The connection also carries the live channels (modules/live): only this channel is ours.
    redis.sub.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return;
      for (const l of listeners) l(Number(message));
    });
  }
  return {
    // Without Redis other instances see the change when their cached copy expires, and this one's
    // listeners hear it at once (with Redis they hear it back from the channel, as every instance does).
    publish: (operatorId) => {
      if (redis) void redis.pub.publish(CHANNEL, String(operatorId)).catch(() => undefined);
      else for (const l of listeners) l(operatorId);
    },
    subscribe: (listener) => listeners.push(listener),
  };
}

/** Wires every domain service once per app; routes reach them through `app.services`. */
export async function createServices(
  db: Db,
  bus: ChangeBus,
  mail: {
    smtpUrl?: string | undefined;
    from?: string;
    smsGatewayUrl?: string | undefined;
    smsGatewayToken?: string | undefined;
    /** Codes one client address may request an hour, and how many before a captcha is asked. */
    smsPerIpPerHour?: number;
    smsFreePerIp?: number;
  } = {},
  secretsKey?: string,
  liveBus: LiveBus = createLiveBus(),
  directory: DirectoryOptions = { loopbackIsDefault: true },
) {
  const audit = createAuditService(db);
  const sessions = createSessionsService(db);
  const outbox = createOutboxService(db, {
    ...(mail.smtpUrl ? { email: createSmtpProvider(mail.smtpUrl, mail.from ?? 'no-reply@localhost') } : {}),
    ...(mail.smsGatewayUrl
      ? { sms: createSmsGatewayProvider(mail.smsGatewayUrl, mail.smsGatewayToken) }
      : {}),
  });
  const captcha = createCaptchaService(db);
  const secrets = await loadSecretBox(db, secretsKey);
  const catalogue = createCatalogueService(db, audit, bus, secrets);
  await catalogue.sealStoredSecrets();
  // Money moves only through the ledger (decision 012).
  const ledger = createLedgerService(db);
  const memberCentre = createMemberCentreService(db, sessions, audit);
  // Every stake and deposit path asks it inside the movement's transaction (decision 013).
  const responsibleGambling = createResponsibleGamblingService(db, { ledger, audit, memberCentre });
  const jackpot = createJackpotService(db);
  // Live updates: balance after every committed movement, payments, inbox, the jackpot (decision 024).
  const live = createLiveService({ bus: liveBus, ledger, jackpot });
  const winners = createWinnersService(db, catalogue);
  // In-house rounds: the same ledger, limits, jackpot and winner board as every stake.
  const play = createPlayService({
    db,
    ledger,
    protection: responsibleGambling,
    jackpot,
    winners,
    secrets,
    catalogue,
  });
  // Draw games (lottery, e-lottery): tickets on the same ledger and limits, draws settled exactly once.
  const draws = createDrawsService({ db, ledger, protection: responsibleGambling, secrets, audit });
  const settings = createSettingsService(db, audit, bus);
  // Demo vendors: the reference provider stands in for vendors without credentials (games.demoMode).
  const demo = createDemoService({ db, secrets, settings, catalogue, ledger });
  // Members' second sign-in step; its code checks counted per member (member-2fa), apart from sign-in.
  const memberTwoFactor = createMemberTwoFactorService({
    db,
    audit,
    secrets,
    outbox,
    throttle: createLoginThrottle(db, { account: 'member-2fa', ip: 'member-2fa-ip' }),
  });
  // Deposits and withdrawals: through the ledger, deposits judged by the limits (decisions 012, 013).
  const uploads = createUploadsService(db, audit);
  // Member messages: other services send inside their own transactions (deposit credited, ...).
  const inbox = createInboxService(db, audit, (operatorId, memberId) =>
    memberId === null ? live.inboxChangedForAll(operatorId) : live.inboxChanged(operatorId, memberId),
  );
  const region = createRegionService();
  // Sign-in devices and history; a new device or country sends an inbox message and e-mail.
  const signIns = createSignInAlertsService({ db, inbox, outbox, countryOf: region.countryOf });
  const payments = createPaymentsService({
    db,
    ledger,
    audit,
    secrets,
    protection: responsibleGambling,
    uploads,
    inbox,
  });
  payments.onClosed((d, status) => live.paymentChanged(d.operator_id, d.member_id, 'deposit', d.id, status));
  const verification = createVerificationService(db, outbox, captcha, {
    ...(mail.smsPerIpPerHour !== undefined ? { perIpPerHour: mail.smsPerIpPerHour } : {}),
    ...(mail.smsFreePerIp !== undefined ? { freePerIp: mail.smsFreePerIp } : {}),
  });
  // Invite friends: rewards follow credited deposits (payments' credit listener), through the ledger.
  const referrals = createReferralService({ db, ledger, audit, payments, settings, inbox });
  // The agent network: affiliate codes place new members under their agent (decision 033).
  const agents = createAgentsService({ db, audit });
  // VIP ranks and manual rebate: bonuses and rebates from the house `bonus` account through the ledger.
  const vip = createVipService({ db, ledger, audit, payments, inbox });
  // Promotions: bonuses follow credited deposits or an operator's approval, through the ledger.
  const promotions = createPromotionsService({ db, ledger, audit, payments, inbox });
  const betRecords = createBetRecordsService(db, play, draws);
  // The back office's member desk reads through the services that own each part (issue 23).
  const memberDesk = createMemberDeskService({
    db,
    audit,
    ledger,
    payments,
    protection: responsibleGambling,
    betRecords,
  });
  const withdrawals = createWithdrawalsService({
    db,
    ledger,
    audit,
    payments,
    throttle: createLoginThrottle(db, { account: 'fund-account', ip: 'fund-ip' }),
    verification,
    inbox,
    memberLimits: vip.withdrawalLimits,
  });
  // Daily totals off the journal behind the dashboard and reports (decision 040).
  const operatorTimeZone = async (operatorId: number) => (await payments.settings(operatorId)).timeZone;
  const reportTotals = createReportTotalsService(db, { timeZone: operatorTimeZone });
  return {
    db,
    reportTotals,
    reports: createReportsService({ db, totals: reportTotals, timeZone: operatorTimeZone }),
    audit,
    sessions,
    settings,
    // Which operator a request is for, by its host (decision 039).
    operators: createOperatorDirectory(db, settings, bus, directory),
    region,
    outbox,
    staff: createStaffService({ db, sessions, audit, captcha, secrets }),
    staffAccounts: createStaffAccountsService({ db, sessions, audit }),
    credentials: credentialKeys(db, secrets),
    secrets,
    memberAuth: createMemberAuth(db, sessions),
    captcha,
    verification,
    memberInfo: createMemberInfoService(db, ledger),
    auth: createAuthService({
      db,
      sessions,
      audit,
      captcha,
      throttle: createLoginThrottle(db),
      twoFactor: memberTwoFactor,
      signIns,
      agents,
      onRegistered: (operatorId, memberId, body) =>
        referrals.recordSignup(operatorId, memberId, referrals.codeFromUrl(body.registerUrl)),
    }),
    memberTwoFactor,
    signIns,
    password: createPasswordService({ db, audit, sessions, outbox }),
    memberCentre,
    catalogue,
    playerGames: createPlayerGamesService(db, catalogue, demo),
    demo,
    content: createContentService(db, audit, bus),
    help: createHelpService(db, audit),
    legal: createLegalService(db, audit),
    referrals,
    agents,
    jackpot,
    live,
    winners,
    play,
    draws,
    betRecords,
    memberDesk,
    ledger,
    // Vendors sign with their own secret, or the demo's while it stands in for them.
    seamless: createSeamlessService(ledger, demo, responsibleGambling),
    responsibleGambling,
    adjustments: createAdjustmentsService({
      db,
      ledger,
      audit,
      approvalAbove: async (operatorId) =>
        parseMoney((await payments.settings(operatorId)).adjustments.approvalAbove) ?? 0,
    }),
    transfers: createTransferService(db, ledger, catalogue, responsibleGambling),
    transactions: createTransactionsService(db),
    social: createSocialService({ db, sessions, audit, oauth: createOAuthClient(), secrets, agents }),
    uploads,
    inbox,
    vip,
    feedback: createFeedbackService(db, { audit, uploads, inbox }),
    // The reward centre: check-in and missions paid from the house `bonus` account, with turnover.
    rewards: createRewardsService({ db, ledger, audit, payments, inbox }),
    promotions,
    payments,
    // Customer-service chat, pushed on the live channel (decision 025).
    chat: createChatService({ db, live, uploads, audit }),
    withdrawals,
    // Agent contracts, commissions (a job pays each period once) and team transfers (decision 034).
    contracts: createContractsService({
      db,
      ledger,
      audit,
      settings,
      timeZone: async (operatorId) => (await payments.settings(operatorId)).timeZone,
      verifyFundPassword: (who, given, ip) => withdrawals.fundPassword.verify(who, given, ip),
    }),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
