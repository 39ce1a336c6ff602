import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../shell/Icon.tsx';

/** A screen the operator has switched off (whitelabel flag): says so, rather than a dead end. */
export default function NotOfferedPage() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" data-not-offered="">
      <Icon name="shield" size={48} />
      <p>{t('empty.notOffered')}</p>
      <Link className="btn btn-ghost" to="/m/home">
        {t('empty.backHome')}
      </Link>
    </section>
  );
}
