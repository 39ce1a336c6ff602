import type { PromotionCard } from '@playhouse/contract/promotions';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayMoneyOf } from '../promo-money.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import { useApplyPromotion } from '../api/promotions.ts';
import { canApply, stateTone } from '../promo-view.ts';

/**
 * The promotion's button (spec §4 statuses): "Join" applies (a guest is taken to log in first);
 * every other state is shown as a disabled label, with a line saying what happens next.
 */
export function PromoAction({ promo }: { promo: PromotionCard }) {
  const { t } = useTranslation('promo');
  const session = useSession();
  const navigate = useNavigate();
  const apply = useApplyPromotion();
  const state = promo.state;

  const join = () => {
    if (!session) {
      void navigate('/m/login');
      return;
    }
    apply.mutate(promo.id, {
      onSuccess: (result) => {
        const amount = result.application.amount ?? '0';
        showToast(t(`toast.${result.state}`, { amount: displayMoneyOf(amount, promo.currency) }), {
          kind: result.state === 'rejected' ? 'error' : 'success',
        });
      },
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('toast.failed'), { kind: 'error' }),
    });
  };

  const hint = hintOf(promo, t);
  return (
    <div className="promo-action">
      {canApply(state) ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={join}
          disabled={apply.isPending}
          aria-busy={apply.isPending}
        >
          {apply.isPending ? t('state.applying') : t('state.join')}
        </button>
      ) : (
        <button
          type="button"
          className={`btn btn-block promo-state promo-state-${stateTone(state)}`}
          disabled
        >
          {t(`state.${state}`)}
        </button>
      )}
      {hint && <p className="promo-hint">{hint}</p>}
    </div>
  );
}

function hintOf(promo: PromotionCard, t: (key: string, o?: Record<string, string>) => string) {
  const app = promo.application;
  switch (promo.state) {
    case 'signed':
      return t('hint.signed');
    case 'applying':
      return t('hint.applying');
    case 'issued':
    case 'claimed':
      return app?.amount
        ? t('hint.issued', {
            amount: displayMoneyOf(app.amount, promo.currency),
            turnover: displayMoneyOf(app.turnover ?? '0', promo.currency),
          })
        : null;
    case 'rejected':
      return app?.reason ? t('hint.rejected', { reason: app.reason }) : null;
    default:
      return null;
  }
}
