import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VipRank } from '@playhouse/contract/vip';
import { ApiError } from '../../lib/api.ts';
import { useMemberInfo, useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { useRouteOffered } from '../../shell/route-flags.ts';
import { useVipSummary, type VipSummary } from './api.ts';
import { GuestPrompt, money, TRIAL_TYPE, useDate } from './shared.tsx';
import './vip.css';

/** One condition towards the next rank: what the member has against what it asks. */
function Meter({ label, value, target }: { label: string; value: string; target: string }) {
  const { t } = useTranslation('vip');
  const share = Number(target) > 0 ? Math.min(1, Number(value) / Number(target)) : 1;
  const met = share >= 1;
  return (
    <div className={`vip-meter ${met ? 'is-met' : ''}`}>
      <div className="vip-meter-head">
        <span>{label}</span>
        <span className="vip-meter-value">
          {met && <Icon name="check" size={14} />}
          {t('benefits.of', { value: money(value), target: money(target) })}
        </span>
      </div>
      <div
        className="vip-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <span style={{ inlineSize: `${share * 100}%` }} />
      </div>
    </div>
  );
}

/** The member's rank and the spec's progress (completed / expected conditions of the next rank). */
function RankCard({ vip }: { vip: VipSummary }) {
  const { t } = useTranslation('vip');
  const offered = useRouteOffered();
  const next = vip.next;
  const percent = Math.round(vip.progress * 100);
  return (
    <section className="vip-card vip-hero" aria-labelledby="vip-current">
      <div className="vip-hero-top">
        <div className="vip-badge" aria-hidden="true">
          <Icon name="star" size={26} />
        </div>
        <div className="vip-hero-text">
          <p className="vip-muted" id="vip-current">
            {t('benefits.current')}
          </p>
          <p className="vip-rank-name" data-testid="vip-rank">
            {vip.playerRankProgress.labelName ?? t('benefits.noRank')}
          </p>
        </div>
        <p className="vip-percent" data-testid="vip-progress">
          {percent}%
        </p>
      </div>
      {next ? (
        <>
          <div className="vip-progress-head">
            <span>{t('benefits.progress', { name: next.name })}</span>
            <span className="vip-muted">
              {t('benefits.conditionsMet', {
                completed: vip.currentProgress.completedConditions,
                total: vip.currentProgress.totalExpectedConditions,
              })}
            </span>
          </div>
          <div
            className="vip-bar vip-bar-main"
            role="progressbar"
            aria-label={t('benefits.progress', { name: next.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ inlineSize: `${percent}%` }} />
          </div>
          {Number(next.minDeposit) > 0 && (
            <Meter label={t('benefits.deposits')} value={vip.deposits} target={next.minDeposit} />
          )}
          {Number(next.minTurnover) > 0 && (
            <Meter label={t('benefits.turnover')} value={vip.turnover} target={next.minTurnover} />
          )}
        </>
      ) : (
        <p className="vip-muted">{t('benefits.progressTop')}</p>
      )}
      {offered('/m/member/manualRebate') && (
        <Link className="btn btn-primary btn-block" to="/m/member/manualRebate">
          <Icon name="coins" size={18} />
          {t('benefits.rebateLink')}
        </Link>
      )}
    </section>
  );
}

function RankItem({ rank, current }: { rank: VipRank; current: boolean }) {
  const { t } = useTranslation('vip');
  const rates = Object.entries(rank.rebateRates).filter(([, percent]) => Number(percent) > 0);
  const requirement =
    Number(rank.minDeposit) > 0 || Number(rank.minTurnover) > 0
      ? t('benefits.requirement', { deposit: money(rank.minDeposit), turnover: money(rank.minTurnover) })
      : t('benefits.noRequirement');
  return (
    <li className={`vip-rank ${current ? 'is-current' : ''}`} aria-current={current ? 'true' : undefined}>
      <div className="vip-rank-head">
        <strong>{rank.name}</strong>
        {current && <span className="vip-chip vip-chip-accent">{t('benefits.yourRank')}</span>}
      </div>
      <p className="vip-muted">{requirement}</p>
      <dl className="vip-facts">
        {Number(rank.upgradeBonus) > 0 && (
          <div>
            <dt>{t('benefits.upgradeBonus')}</dt>
            <dd>{money(rank.upgradeBonus)}</dd>
          </div>
        )}
        {Number(rank.birthdayBonus) > 0 && (
          <div>
            <dt>{t('benefits.birthdayBonus')}</dt>
            <dd>{money(rank.birthdayBonus)}</dd>
          </div>
        )}
        {rank.withdrawDailyCount !== null && rank.withdrawDailyAmount !== null && (
          <div>
            <dt>{t('benefits.withdrawals')}</dt>
            <dd>
              {t('benefits.withdrawalsValue', {
                times: rank.withdrawDailyCount,
                amount: money(rank.withdrawDailyAmount),
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('benefits.rebate')}</dt>
          <dd className="vip-chips">
            {rates.length
              ? rates.map(([category, percent]) => (
                  <span key={category} className="vip-chip">
                    {t(`categories.${category}`)} <bdi>{percent}%</bdi>
                  </span>
                ))
              : t('benefits.noRebate')}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Bonuses({ vip }: { vip: VipSummary }) {
  const { t } = useTranslation('vip');
  const date = useDate();
  if (!vip.bonuses.length) return null;
  const nameOf = (level: number) => vip.ranks.find((r) => r.level === level)?.name ?? `VIP${level}`;
  return (
    <section className="vip-card" aria-labelledby="vip-bonuses">
      <h2 className="vip-title" id="vip-bonuses">
        {t('benefits.bonusesTitle')}
      </h2>
      <ul className="vip-list">
        {vip.bonuses.map((b) => (
          <li key={`${b.kind}:${b.level}:${b.at}`}>
            <span>
              {b.kind === 'birthday'
                ? t('benefits.bonus.birthday')
                : t('benefits.bonus.upgrade', { name: nameOf(b.level) })}
              <span className="vip-muted vip-list-sub">{date(b.at)}</span>
            </span>
            <strong className="vip-plus" dir="ltr">
              +{money(b.amount)}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /m/member/benefits: VIP privileges (spec §2, §3 VIP, §4 progress, §6 VIP entry). */
export default function BenefitsPage() {
  const { t } = useTranslation('vip');
  const session = useSession();
  const vip = useVipSummary();
  const info = useMemberInfo();
  const queryClient = useQueryClient();
  const label = vip.data?.playerRankProgress.labelName ?? null;
  const shown = info.data ? (info.data.clubLabel?.labelName ?? null) : undefined;
  // Reading the page may raise the rank: the header's label follows.
  useEffect(() => {
    if (vip.data && shown !== undefined && shown !== label)
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
  }, [vip.data, label, shown, queryClient]);

  if (!session || session.type === TRIAL_TYPE)
    return <GuestPrompt trial={Boolean(session)} kind="benefits" />;
  return (
    <div className="vip-page">
      {vip.data ? (
        vip.data.hasVip ? (
          <>
            <RankCard vip={vip.data} />
            <section className="vip-card" aria-labelledby="vip-ranks">
              <h2 className="vip-title" id="vip-ranks">
                {t('benefits.ranksTitle')}
              </h2>
              <ul className="vip-ranks">
                {vip.data.ranks.map((r) => (
                  <RankItem key={r.level} rank={r} current={r.level === vip.data.level} />
                ))}
              </ul>
            </section>
            <Bonuses vip={vip.data} />
            <p className="vip-muted vip-note">{t('benefits.note')}</p>
          </>
        ) : (
          <p className="vip-state">{t('off')}</p>
        )
      ) : vip.isError ? (
        <div className="vip-state" role="alert">
          <p>{vip.error instanceof ApiError ? vip.error.message : t('loadError')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void vip.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div className="vip-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
