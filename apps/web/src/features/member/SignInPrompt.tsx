import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../shell/Icon.tsx';

/** What a member-only screen shows a guest: why it is empty and the way in. */
export function SignInPrompt() {
  const { t } = useTranslation('member');
  return (
    <section className="empty-state">
      <Icon name="user" size={48} />
      <p>{t('guest.text')}</p>
      <Link className="btn btn-primary" to="/m/login">
        {t('mine.login')}
      </Link>
    </section>
  );
}
