import { randomBytes } from 'node:crypto';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import { LANGUAGES } from '@playhouse/contract/languages';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type {
  ApplyResult,
  BoApplication,
  BoApplicationPage,
  BoApplicationsQuery,
  BoDecision,
  BoPromotion,
  BoPromotionInput,
  MyApplication,
  PromotionCard,
  PromotionState,
} from '@playhouse/contract/promotions';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { plainPreview, sanitizeContent } from '../content/sanitize.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { DepositCredited, PaymentsService } from '../payments/payments.service.ts';
import {
  bonusFor,
  percentOf,
  percentToBp,
  turnoverOf,
  multipleOf,
  multipleToX100,
} from './promotion-rules.ts';
import * as repo from './promotions.repository.ts';
import type { ApplicationRow, PromotionRow } from './promotions.repository.ts';

/** Idempotency namespace of bonuses in the ledger: the key is the application id. */
const SOURCE = 'promotions';
const LANGUAGE_CODES = new Set<string>(LANGUAGES.map((l) => l.code));

export interface StaffActor {
  id: number;
  username: string;
  ip: string;
}

type Texts = Record<string, { title: string; content: string }>;

const parseTexts = (row: PromotionRow): Texts => JSON.parse(row.texts) as Texts;

/** The promotion's text in `language`, else English, else any. */
function textIn(row: PromotionRow, language: string) {
  const texts = parseTexts(row);
  return texts[language] ?? texts.EN ?? Object.values(texts)[0] ?? { title: '', content: '' };
}

const isDepositKind = (row: PromotionRow) => row.kind !== 'FREE_MONEY';
const isOpen = (row: PromotionRow, at: number) =>
  !row.closed && row.start_at <= at && (row.end_at === null || row.end_at > at);

/** The member's button for a promotion (spec §4 statuses; see PROMOTION_STATES). */
export function stateOf(row: PromotionRow, app: ApplicationRow | undefined, at: number): PromotionState {
  if (app?.status === 'ISSUED')
    return row.kind === 'FREE_MONEY' && row.issuance === 'AUTO' ? 'claimed' : 'issued';
  if (app?.status === 'REJECTED') return 'rejected';
  if (app) return isDepositKind(row) && app.deposit_id === null ? 'signed' : 'applying';
  if (row.closed || (row.end_at !== null && row.end_at <= at)) return 'closed';
  if (row.start_at > at) return 'comingSoon';
  return 'join';
}

const money = (v: number | null) => (v === null ? null : formatMoney(v));

function myApplication(a: ApplicationRow): MyApplication {
  return {
    id: a.id,
    status: a.status,
    amount: money(a.amount),
    turnover: money(a.turnover),
    reason: a.reason,
    createdAt: a.created_at,
    decidedAt: a.decided_at,
  };
}

function card(
  row: PromotionRow,
  language: string,
  currency: string,
  app: ApplicationRow | undefined,
  at: number,
) {
  const text = textIn(row, language);
  return {
    id: row.id,
    title: text.title,
    content: text.content,
    preview: plainPreview(text.content),
    startDate: row.start_at,
    endDate: row.end_at,
    noExpiry: row.end_at === null ? 1 : 0,
    announcementImages: row.image_url ? [{ sequence: 1, url: row.image_url }] : [],
    promoAnnouncementCategoryIds: [row.category_id],
    kind: row.kind,
    issuance: row.issuance,
    percent: percentOf(row.percent_bp),
    maxAmount: formatMoney(row.max_amount),
    minDeposit: formatMoney(row.min_deposit),
    turnoverMultiple: multipleOf(row.turnover_x100),
    currency,
    state: stateOf(row, app, at),
    application: app ? myApplication(app) : null,
  } satisfies PromotionCard;
}

function promotionRow(input: BoPromotionInput, at: number) {
  const texts: Texts = {};
  for (const [code, text] of Object.entries(input.texts)) {
    if (!LANGUAGE_CODES.has(code)) throw fieldError('texts', 'invalid');
    texts[code] = { title: text.title, content: sanitizeContent(text.content) };
  }
  return {
    category_id: input.categoryId,
    kind: input.kind,
    issuance: input.issuance,
    percent_bp: input.kind === 'FREE_MONEY' ? 0 : percentToBp(input.percent),
    max_amount: parseMoney(input.maxAmount)!,
    min_deposit: input.kind === 'FREE_MONEY' ? 0 : parseMoney(input.minDeposit)!,
    turnover_x100: multipleToX100(input.turnoverMultiple),
    texts: JSON.stringify(texts),
    image_url: input.imageUrl,
    start_at: input.startDate,
    end_at: input.endDate,
    closed: input.closed ? 1 : 0,
    sort_order: input.sortOrder,
    updated_at: at,
  };
}

/**
 * Promotions and their bonuses. A member applies once per promotion; the bonus is paid once, from
 * the house `bonus` account through the ledger keyed by the application id, and in the same
 * transaction the application becomes ISSUED (conditionally), the turnover requirement grows by
 * amount × multiple, the payment is audited and the member's inbox gets a message. Deposit bonuses
 * follow credited deposits (payments' `onCredited`); operators approve or reject the rest.
 */
export function createPromotionsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  payments: PaymentsService;
  inbox: InboxService;
}) {
  const { db, ledger, audit, payments, inbox } = deps;

  async function issue(promo: PromotionRow, app: ApplicationRow, amount: number, by: { staff?: StaffActor }) {
    const member = await ledger.wallet({ memberId: app.member_id });
    if (!member) throw new AppError('NOT_FOUND');
    const turnover = turnoverOf(amount, promo.turnover_x100);
    const title = textIn(promo, 'EN').title;
    return ledger.post({
      operatorId: app.operator_id,
      kind: 'bonus',
      source: SOURCE,
      key: app.id,
      requestHash: requestHash({ application: app.id, amount }),
      memberId: app.member_id,
      currency: member.currency,
      reference: app.id,
      legs: [
        { member: app.member_id, amount },
        { house: 'bonus', amount: -amount },
      ],
      respond: ({ balance }) => ({
        applicationId: app.id,
        amount: formatMoney(amount),
        balance: formatMoney(balance!),
      }),
      apply: async (trx, moved) => {
        const decided = await repo.decideApplication(
          trx,
          app.id,
          {
            status: 'ISSUED',
            amount,
            turnover,
            entry_id: moved.entryId,
            decided_by: by.staff?.username ?? 'system',
          },
          now(),
        );
        if (!decided) throw new AppError('ALREADY_DECIDED');
        await payments.turnover.add(trx, app.operator_id, app.member_id, turnover, moved.entryId);
        await audit.record(
          {
            operatorId: app.operator_id,
            actorType: by.staff ? 'staff' : 'system',
            actorId: by.staff ? String(by.staff.id) : 'promotions',
            action: 'promotions.bonus.issued',
            target: `application:${app.id}`,
            detail: {
              entryId: moved.entryId,
              promotionId: promo.id,
              member: app.member_id,
              amount: formatMoney(amount),
              turnover: formatMoney(turnover),
            },
            ip: by.staff?.ip ?? null,
          },
          trx,
        );
        await inbox.send(trx, {
          operatorId: app.operator_id,
          memberId: app.member_id,
          kind: 'bonus_issued',
          params: { amount: formatMoney(amount), currency: member.currency, name: title },
          dedupeKey: app.id,
        });
      },
    });
  }

  /**
   * A credited deposit meets the rule of the member's waiting deposit-bonus applications. An
   * automatic one that already had its deposit but was not paid (the process stopped in between) is
   * paid now: the ledger key makes that at most once.
   */
  async function depositCredited(event: DepositCredited) {
    const waiting = await repo.pendingApplications(db, event.memberId);
    for (const app of waiting) {
      const promo = await repo.findPromotion(db, event.operatorId, app.promotion_id);
      if (!promo || !isDepositKind(promo)) continue;
      if (app.deposit_id !== null) {
        if (promo.issuance === 'AUTO' && app.amount)
          await issue(promo, app, app.amount, {}).catch(ignoreDecided);
        continue;
      }
      if (!isOpen(promo, now())) continue;
      if (
        promo.kind === 'FIRST_DEPOSIT' &&
        (await payments.firstCreditedId(event.memberId)) !== event.depositId
      )
        continue;
      const bonus = bonusFor(event.amount, promo);
      if (bonus <= 0) continue;
      const qualified = await repo.setQualifyingDeposit(db, app.id, {
        id: event.depositId,
        amount: event.amount,
        bonus,
      });
      if (!qualified || promo.issuance !== 'AUTO') continue;
      await issue(promo, { ...app, deposit_id: event.depositId, amount: bonus }, bonus, {}).catch(
        ignoreDecided,
      );
    }
  }
  payments.onCredited(depositCredited);

  async function findOwn(member: AuthenticatedMember, promotionId: number) {
    const promo = await repo.findPromotion(db, member.operatorId, promotionId);
    if (!promo) throw new AppError('NOT_FOUND');
    return promo;
  }

  const applicationCounts = async (operatorId: number) => {
    const counts = new Map<number, { pending: number; issued: number; rejected: number }>();
    for (const c of await repo.applicationCounts(db, operatorId)) {
      const entry = counts.get(c.promotionId) ?? { pending: 0, issued: 0, rejected: 0 };
      if (c.status === 'PENDING') entry.pending = c.n;
      else if (c.status === 'ISSUED') entry.issued = c.n;
      else entry.rejected = c.n;
      counts.set(c.promotionId, entry);
    }
    return counts;
  };

  function boPromotion(row: PromotionRow, counts: Map<number, BoPromotion['applications']>): BoPromotion {
    return {
      id: row.id,
      categoryId: row.category_id,
      kind: row.kind,
      issuance: row.issuance,
      percent: percentOf(row.percent_bp),
      maxAmount: formatMoney(row.max_amount),
      minDeposit: formatMoney(row.min_deposit),
      turnoverMultiple: multipleOf(row.turnover_x100),
      texts: parseTexts(row),
      imageUrl: row.image_url,
      startDate: row.start_at,
      endDate: row.end_at,
      sortOrder: row.sort_order,
      closed: Boolean(row.closed),
      applications: counts.get(row.id) ?? { pending: 0, issued: 0, rejected: 0 },
    };
  }

  async function boOne(operatorId: number, id: number) {
    const row = await repo.findPromotion(db, operatorId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return boPromotion(row, await applicationCounts(operatorId));
  }

  function record(operatorId: number, staff: StaffActor, action: string, target: string, detail: unknown) {
    return audit.record({
      operatorId,
      actorType: 'staff',
      actorId: String(staff.id),
      action,
      target,
      detail,
      ip: staff.ip,
    });
  }

  return {
    /** Promotions a member (or guest) sees: live and coming ones, plus ended ones the member applied for. */
    async list(
      operatorId: number,
      language: string,
      currency: string,
      member: AuthenticatedMember | undefined,
    ): Promise<PromotionCard[]> {
      const at = now();
      const [rows, apps] = await Promise.all([
        repo.listPromotions(db, operatorId),
        member ? repo.memberApplications(db, member.id) : Promise.resolve([]),
      ]);
      const byPromotion = new Map(apps.map((a) => [a.promotion_id, a]));
      return rows
        .filter((r) => byPromotion.has(r.id) || (!r.closed && (r.end_at === null || r.end_at > at)))
        .map((r) => card(r, language, currency, byPromotion.get(r.id), at));
    },

    async detail(
      operatorId: number,
      id: number,
      language: string,
      currency: string,
      member: AuthenticatedMember | undefined,
    ): Promise<PromotionCard> {
      const row = await repo.findPromotion(db, operatorId, id);
      if (!row) throw new AppError('NOT_FOUND');
      const app = member ? await repo.findMemberApplication(db, row.id, member.id) : undefined;
      return card(row, language, currency, app, now());
    },

    /**
     * The member applies. Once per promotion (a repeat, or fifty at once, answers the one application);
     * a free-money bonus issued automatically is paid at once; deposit bonuses wait for a deposit.
     */
    async apply(member: AuthenticatedMember, promotionId: number): Promise<ApplyResult> {
      if (member.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      const promo = await findOwn(member, promotionId);
      const at = now();
      let app = await repo.findMemberApplication(db, promo.id, member.id);
      if (!app) {
        if (!isOpen(promo, at)) throw new AppError('PROMOTION_UNAVAILABLE');
        if (promo.kind === 'FIRST_DEPOSIT' && (await payments.firstCreditedId(member.id)))
          throw new AppError('PROMOTION_NOT_ELIGIBLE');
        await repo.insertApplication(db, {
          id: `PA${randomBytes(12).toString('hex')}`,
          operator_id: member.operatorId,
          promotion_id: promo.id,
          member_id: member.id,
          status: 'PENDING',
          deposit_id: null,
          deposit_amount: null,
          amount: promo.kind === 'FREE_MONEY' ? promo.max_amount : null,
          turnover: null,
          entry_id: null,
          reason: null,
          decided_by: null,
          created_at: at,
          decided_at: null,
        });
        app = (await repo.findMemberApplication(db, promo.id, member.id))!;
      }
      let balance: string | null = null;
      if (app.status === 'PENDING' && promo.kind === 'FREE_MONEY' && promo.issuance === 'AUTO') {
        try {
          balance = (await issue(promo, app, promo.max_amount, {})).response.balance;
        } catch (error) {
          ignoreDecided(error);
        }
        app = (await repo.findMemberApplication(db, promo.id, member.id))!;
      }
      return {
        promotionId: promo.id,
        state: stateOf(promo, app, now()),
        application: myApplication(app),
        balance,
      };
    },

    // ---------- back office ----------

    async boList(operatorId: number): Promise<BoPromotion[]> {
      const [rows, counts] = await Promise.all([
        repo.listPromotions(db, operatorId),
        applicationCounts(operatorId),
      ]);
      return rows.map((r) => boPromotion(r, counts));
    },

    async create(operatorId: number, staff: StaffActor, input: BoPromotionInput): Promise<BoPromotion> {
      const at = now();
      const id = await repo.insertPromotion(db, {
        ...promotionRow(input, at),
        operator_id: operatorId,
        created_at: at,
      });
      await record(operatorId, staff, 'promotions.create', `promotion:${id}`, {
        kind: input.kind,
        title: input.texts.EN!.title,
      });
      return boOne(operatorId, id);
    },

    async update(
      operatorId: number,
      staff: StaffActor,
      id: number,
      input: BoPromotionInput,
    ): Promise<BoPromotion> {
      if (!(await repo.updatePromotion(db, operatorId, id, promotionRow(input, now()))))
        throw new AppError('NOT_FOUND');
      await record(operatorId, staff, 'promotions.update', `promotion:${id}`, {
        kind: input.kind,
        title: input.texts.EN!.title,
        closed: input.closed,
      });
      return boOne(operatorId, id);
    },

    /** Closes a promotion: no new applications; waiting ones can still be decided. */
    async close(operatorId: number, staff: StaffActor, id: number): Promise<BoPromotion> {
      const row = await repo.findPromotion(db, operatorId, id);
      if (!row) throw new AppError('NOT_FOUND');
      const { id: _id, operator_id: _op, created_at: _c, ...rest } = row;
      await repo.updatePromotion(db, operatorId, id, { ...rest, closed: 1, updated_at: now() });
      await record(operatorId, staff, 'promotions.close', `promotion:${id}`, { closed: true });
      return boOne(operatorId, id);
    },

    async applications(operatorId: number, query: BoApplicationsQuery): Promise<BoApplicationPage> {
      const { rows, total } = await repo.listApplications(
        db,
        { operatorId, status: query.status, promotionId: query.promotionId },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      const promos = new Map((await repo.listPromotions(db, operatorId)).map((p) => [p.id, p]));
      return {
        list: rows.map((a): BoApplication => {
          const p = promos.get(a.promotion_id)!;
          return {
            id: a.id,
            promotionId: a.promotion_id,
            promotionTitle: textIn(p, 'EN').title,
            kind: p.kind,
            userName: a.username,
            status: a.status,
            depositId: a.deposit_id,
            depositAmount: money(a.deposit_amount),
            amount: money(a.amount),
            maxAmount: formatMoney(p.max_amount),
            reason: a.reason,
            decidedBy: a.decided_by,
            createdAt: a.created_at,
            decidedAt: a.decided_at,
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * An operator approves: the amount given, else what the rule earned; never above the cap or fixed
     * amount. Paid once, however many operators press at once (a repeat answers `duplicate`).
     */
    async approve(
      operatorId: number,
      staff: StaffActor,
      id: string,
      body: { amount?: string | undefined },
    ): Promise<BoDecision> {
      const app = await repo.findApplication(db, operatorId, id);
      if (!app) throw new AppError('NOT_FOUND');
      if (app.status === 'ISSUED')
        return { id, status: 'ISSUED', amount: money(app.amount), duplicate: true };
      if (app.status !== 'PENDING') throw new AppError('ALREADY_DECIDED', { extra: { status: app.status } });
      const promo = (await repo.findPromotion(db, operatorId, app.promotion_id))!;
      const amount = body.amount !== undefined ? parseMoney(body.amount) : (app.amount ?? undefined);
      if (amount === undefined) throw fieldError('amount', 'required');
      if (amount <= 0) throw fieldError('amount', 'tooSmall');
      if (amount > promo.max_amount) throw fieldError('amount', 'tooBig');
      try {
        const posted = await issue(promo, app, amount, { staff });
        return { id, status: 'ISSUED', amount: formatMoney(amount), duplicate: posted.duplicate };
      } catch (error) {
        if (!(error instanceof AppError) || !['ALREADY_DECIDED', 'IDEMPOTENCY_MISMATCH'].includes(error.code))
          throw error;
        const current = (await repo.findApplication(db, operatorId, id))!;
        if (current.status === 'ISSUED')
          return { id, status: 'ISSUED', amount: money(current.amount), duplicate: true };
        throw new AppError('ALREADY_DECIDED', { extra: { status: current.status } });
      }
    },

    async reject(operatorId: number, staff: StaffActor, id: string, reason: string): Promise<BoDecision> {
      const app = await repo.findApplication(db, operatorId, id);
      if (!app) throw new AppError('NOT_FOUND');
      const decided = await db.transaction().execute(async (trx) => {
        if (
          !(await repo.decideApplication(
            trx,
            id,
            { status: 'REJECTED', reason, decided_by: staff.username },
            now(),
          ))
        )
          return false;
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'promotions.application.rejected',
            target: `application:${id}`,
            detail: { reason, promotionId: app.promotion_id, member: app.member_id },
            ip: staff.ip,
          },
          trx,
        );
        return true;
      });
      if (decided) return { id, status: 'REJECTED', amount: null, duplicate: false };
      const current = (await repo.findApplication(db, operatorId, id))!;
      if (current.status === 'REJECTED') return { id, status: 'REJECTED', amount: null, duplicate: true };
      throw new AppError('ALREADY_DECIDED', { extra: { status: current.status } });
    },

    /** The demo's promotions, one of each kind, once. */
    async seedDemo(operatorId: number) {
      if ((await repo.countPromotions(db, operatorId)) > 0) return;
      const at = now();
      for (const [i, p] of DEMO_PROMOTIONS.entries()) {
        await repo.insertPromotion(db, {
          ...promotionRow({ ...p, startDate: at, sortOrder: i, closed: false }, at),
          operator_id: operatorId,
          created_at: at,
        });
      }
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;

function ignoreDecided(error: unknown) {
  if (error instanceof AppError && error.code === 'ALREADY_DECIDED') return;
  throw error;
}

const banner = (slug: string) => `/lgw/art/banners/${slug}.webp`;

/** Written for players: these texts reach them as they are. */
const DEMO_PROMOTIONS: Omit<BoPromotionInput, 'startDate' | 'sortOrder' | 'closed'>[] = [
  {
    categoryId: 1,
    kind: 'FIRST_DEPOSIT',
    issuance: 'AUTO',
    percent: '100',
    maxAmount: '500.00',
    minDeposit: '100.00',
    turnoverMultiple: '10',
    imageUrl: banner('first-deposit-welcome'),
    endDate: null,
    texts: {
      EN: {
        title: 'First deposit welcome: 100% up to 500',
        content:
          '<p>Join before your first deposit and we match it in full: deposit 100 or more and get 100% of it as a bonus, up to 500.</p><ul><li>Only your first credited deposit counts.</li><li>The bonus is credited as soon as the deposit is.</li><li>Wager 10 times the bonus before you withdraw.</li></ul>',
      },
      AR: {
        title: 'ترحيب الإيداع الأول: 100% حتى 500',
        content:
          '<p>انضم قبل إيداعك الأول وسنطابقه بالكامل: أودع 100 أو أكثر واحصل على 100% منه مكافأةً، حتى 500.</p><ul><li>يُحتسب إيداعك الأول المُضاف فقط.</li><li>تُضاف المكافأة فور إضافة الإيداع.</li><li>راهن بعشرة أضعاف المكافأة قبل السحب.</li></ul>',
      },
      ES: {
        title: 'Bienvenida al primer depósito: 100% hasta 500',
        content:
          '<p>Únete antes de tu primer depósito y lo igualamos por completo: deposita 100 o más y recibe el 100% como bono, hasta 500.</p><ul><li>Solo cuenta tu primer depósito acreditado.</li><li>El bono se acredita en cuanto se acredita el depósito.</li><li>Apuesta 10 veces el bono antes de retirar.</li></ul>',
      },
    },
  },
  {
    categoryId: 2,
    kind: 'DEPOSIT',
    issuance: 'AUTO',
    percent: '20',
    maxAmount: '200.00',
    minDeposit: '50.00',
    turnoverMultiple: '5',
    imageUrl: banner('reload-bonus'),
    endDate: null,
    texts: {
      EN: {
        title: 'Reload bonus: 20% up to 200',
        content:
          '<p>Join, then deposit 50 or more: we add 20% of your next deposit as a bonus, up to 200.</p><ul><li>One bonus per member.</li><li>Wager 5 times the bonus before you withdraw.</li></ul>',
      },
      AR: {
        title: 'مكافأة إعادة الشحن: 20% حتى 200',
        content:
          '<p>انضم ثم أودع 50 أو أكثر: نضيف 20% من إيداعك التالي مكافأةً، حتى 200.</p><ul><li>مكافأة واحدة لكل عضو.</li><li>راهن بخمسة أضعاف المكافأة قبل السحب.</li></ul>',
      },
      ES: {
        title: 'Bono de recarga: 20% hasta 200',
        content:
          '<p>Únete y deposita 50 o más: añadimos el 20% de tu próximo depósito como bono, hasta 200.</p><ul><li>Un bono por miembro.</li><li>Apuesta 5 veces el bono antes de retirar.</li></ul>',
      },
    },
  },
  {
    categoryId: 3,
    kind: 'FREE_MONEY',
    issuance: 'MANUAL',
    percent: '0',
    maxAmount: '10.00',
    minDeposit: '0',
    turnoverMultiple: '3',
    imageUrl: banner('free-ten-to-try'),
    endDate: null,
    texts: {
      EN: {
        title: 'Free 10 to try our games',
        content:
          '<p>Apply and our team credits 10 to your account, once per member, usually within a few hours.</p><ul><li>Wager 3 times the bonus before you withdraw.</li><li>One account per person: duplicate accounts are refused.</li></ul>',
      },
      AR: {
        title: '10 مجانًا لتجربة ألعابنا',
        content:
          '<p>قدّم طلبك وسيضيف فريقنا 10 إلى حسابك، مرة واحدة لكل عضو، عادةً خلال بضع ساعات.</p><ul><li>راهن بثلاثة أضعاف المكافأة قبل السحب.</li><li>حساب واحد لكل شخص: تُرفض الحسابات المكررة.</li></ul>',
      },
      ES: {
        title: '10 gratis para probar nuestros juegos',
        content:
          '<p>Solicítalo y nuestro equipo abonará 10 en tu cuenta, una vez por miembro, normalmente en pocas horas.</p><ul><li>Apuesta 3 veces el bono antes de retirar.</li><li>Una cuenta por persona: se rechazan las cuentas duplicadas.</li></ul>',
      },
    },
  },
];
