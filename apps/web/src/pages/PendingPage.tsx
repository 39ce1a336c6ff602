import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../shell/Icon.tsx';

/** An honest empty state for screens whose features are still being built. */
export default function PendingPage() {
  const { t } = useTranslation();
  return (
    <section className="empty-state">
      <Icon name="clock" size={48} />
      <p>{t('empty.pending')}</p>
      <Link className="btn btn-ghost" to="/m/home">
        {t('empty.backHome')}
      </Link>
    </section>
  );
}
