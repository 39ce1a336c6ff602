import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteStatus } from '../../../status/site-status.ts';
import { Icon } from '../../../shell/Icon.tsx';

/**
 * The promo-detail panel (spec §2): the operator's official channels, its alternative domains
 * (domain-route type 3) and a link to the app. Parts the operator has not set are left out.
 */
export function PromoPanel() {
  const { t } = useTranslation('promo');
  const status = useSiteStatus();
  const info = status?.info;
  if (!info) return null;
  const channels = info.resources.filter(
    (r) => r.resourceType === 'TELEGRAM' || r.resourceType === 'FACEBOOK',
  );
  const domains = info.domainRoute;
  const offersApp = info.whitelabel.APPDOWNLOAD3 !== false;
  return (
    <section className="promo-panel" aria-labelledby="promo-panel-title">
      <h2 className="promo-panel-title" id="promo-panel-title">
        {t('panel.title')}
      </h2>
      {channels.length > 0 && (
        <div className="promo-panel-group">
          <h3>{t('panel.channels')}</h3>
          <ul>
            {channels.map((c) => (
              <li key={c.url}>
                <a href={c.url} target="_blank" rel="noopener noreferrer">
                  <Icon name={c.resourceType === 'TELEGRAM' ? 'telegram' : 'facebook'} size={18} />
                  <span dir="auto">{c.labelNameEn || c.resourceType}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {domains.length > 0 && (
        <div className="promo-panel-group">
          <h3>{t('panel.domains')}</h3>
          <ul>
            {domains.map((d) => (
              <li key={d.domainName}>
                <a href={`https://${d.domainName}/m/home`} dir="ltr" rel="noopener noreferrer">
                  <Icon name="globe" size={18} />
                  <span>{d.domainName}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {offersApp && (
        <Link className="btn btn-ghost btn-block" to="/m/download">
          <Icon name="download" size={18} /> {t('panel.app')}
        </Link>
      )}
    </section>
  );
}
