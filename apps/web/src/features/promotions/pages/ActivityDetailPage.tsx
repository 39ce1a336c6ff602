import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../shell/Icon.tsx';
import { usePromotion } from '../api/promotions.ts';
import { PromoAction } from '../components/PromoAction.tsx';
import { PromoPanel } from '../components/PromoPanel.tsx';
import { PromoPeriod } from '../components/PromoPeriod.tsx';
import { PromoRule } from '../components/PromoRule.tsx';
import '../promotions.css';

/**
 * /m/activityDetail?id= (spec §2): the first image, the title, the date range or "long term", the
 * operator's HTML (sanitised by the server when saved), the member's button and the promo panel.
 */
export default function ActivityDetailPage() {
  const { t } = useTranslation('promo');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const promotion = usePromotion(valid ? id : undefined);
  const promo = promotion.data;

  if (valid && promotion.isPending)
    return (
      <div className="promo-page">
        <div
          className="promo-item promo-skeleton promo-placeholder promo-placeholder-tall"
          aria-hidden="true"
        />
      </div>
    );
  if (!promo)
    return (
      <div className="promo-page">
        <p className="promo-empty">
          <Icon name="gift" size={28} />
          <span>
            {promotion.isError && promotion.error.message !== 'NOT_FOUND'
              ? promotion.error.message
              : t('detail.gone')}
          </span>
        </p>
        <Link className="btn btn-ghost" to="/m/activity">
          {t('detail.all')}
        </Link>
      </div>
    );
  const image = promo.announcementImages.find((i) => i.sequence === 1) ?? promo.announcementImages[0];
  return (
    <div className="promo-page">
      <article className="promo-article">
        {image && <img className="promo-hero" src={image.url} alt="" width={750} height={300} />}
        <div className="promo-article-body">
          <h2 className="promo-title promo-title-lg" dir="auto">
            {promo.title}
          </h2>
          <PromoPeriod promo={promo} />
          <PromoRule promo={promo} />
          <PromoAction promo={promo} />
          <div className="promo-content" dir="auto" dangerouslySetInnerHTML={{ __html: promo.content }} />
        </div>
      </article>
      <PromoPanel />
      <Link className="btn btn-ghost" to="/m/activity">
        {t('detail.all')}
      </Link>
    </div>
  );
}
