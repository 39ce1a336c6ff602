import type { PromotionCard } from '@playhouse/contract/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../shell/Icon.tsx';
import { usePromotions } from '../api/promotions.ts';
import { PromoAction } from '../components/PromoAction.tsx';
import { PromoPeriod } from '../components/PromoPeriod.tsx';
import { PromoRule } from '../components/PromoRule.tsx';
import { categoryTabs, inCategory, stateTone } from '../promo-view.ts';
import '../promotions.css';

/** One promotion of the list: its picture and title; tapping opens its summary and actions. */
function PromoItem({
  promo,
  open,
  eager,
  onToggle,
}: {
  promo: PromotionCard;
  open: boolean;
  /** The first pictures are on screen at once: not lazy. */
  eager: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('promo');
  const image = promo.announcementImages.find((i) => i.sequence === 1) ?? promo.announcementImages[0];
  const bodyId = `promo-${promo.id}`;
  return (
    <li className={`promo-item${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="promo-head"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={onToggle}
      >
        {image && (
          <img
            className="promo-thumb"
            src={image.url}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            width={750}
            height={300}
          />
        )}
        <span className="promo-head-text">
          <span className="promo-title" dir="auto">
            {promo.title}
          </span>
          <PromoPeriod promo={promo} />
        </span>
        <span className={`promo-chip promo-chip-${stateTone(promo.state)}`}>{t(`state.${promo.state}`)}</span>
        <Icon name="chevron" size={16} className={open ? 'rot-90' : 'flip-rtl'} />
      </button>
      {open && (
        <div className="promo-body" id={bodyId}>
          {promo.preview && (
            <p className="promo-preview" dir="auto">
              {promo.preview}
            </p>
          )}
          <PromoRule promo={promo} />
          <PromoAction promo={promo} />
          <Link className="btn btn-ghost btn-block" to={`/m/activityDetail?id=${promo.id}`}>
            {t('list.details')}
          </Link>
        </div>
      )}
    </li>
  );
}

function PromoSkeleton() {
  return (
    <ul className="promo-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="promo-item promo-skeleton promo-placeholder" />
      ))}
    </ul>
  );
}

/** /m/activity (spec §2): promotions with category tabs and an accordion list. */
export default function ActivityPage() {
  const { t } = useTranslation('promo');
  const promotions = usePromotions();
  const [category, setCategory] = useState(0);
  const [open, setOpen] = useState<number | undefined>();
  const list = promotions.data?.list ?? [];
  const tabs = categoryTabs(list);
  const shown = list.filter((p) => inCategory(p, category));

  if (promotions.isPending)
    return (
      <div className="promo-page">
        <PromoSkeleton />
      </div>
    );
  if (promotions.isError)
    return (
      <div className="promo-page">
        <button type="button" className="promo-empty" onClick={() => void promotions.refetch()}>
          <Icon name="refresh" size={28} />
          <span>{t('list.failed')}</span>
        </button>
      </div>
    );
  return (
    <div className="promo-page">
      <div className="promo-tabs" role="tablist" aria-label={t('list.categories')}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === category}
            className={`promo-tab${tab.id === category ? ' is-active' : ''}`}
            onClick={() => setCategory(tab.id)}
          >
            {t(`tabs.${tab.key}`)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="promo-empty">
          <Icon name="gift" size={28} />
          <span>{t('list.empty')}</span>
        </p>
      ) : (
        <ul className="promo-list" role="tabpanel">
          {shown.map((promo, i) => (
            <PromoItem
              key={promo.id}
              promo={promo}
              eager={i < 3}
              open={open === promo.id}
              onToggle={() => setOpen(open === promo.id ? undefined : promo.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
