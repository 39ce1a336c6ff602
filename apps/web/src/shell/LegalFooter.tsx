import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalPath } from '@playhouse/contract/legal';

/**
 * The legal footer of home and the member centre, as real casino lobbies have: age limit, safer
 * play, terms and licence. It promises only the tools the responsible-gambling screen has.
 */
export function LegalFooter() {
  const { t } = useTranslation();
  return (
    <footer className="legal-footer" aria-label={t('legal.label')}>
      <p className="legal-notice">
        <span className="legal-age" aria-hidden="true">
          18+
        </span>
        <span>{t('legal.notice', { rg: t('titles.responsibleGambling') })}</span>
      </p>
      <nav className="legal-links" aria-label={t('legal.label')}>
        <Link to="/m/responsibleGambling">{t('titles.responsibleGambling')}</Link>
        <Link to={legalPath('terms')}>{t('legal.terms')}</Link>
        <Link to={legalPath('privacy')}>{t('legal.privacy')}</Link>
        <Link to={legalPath('licence')}>{t('legal.licence')}</Link>
        <Link to={legalPath('age')}>{t('legal.adults')}</Link>
        <Link to={legalPath('complaints')}>{t('legal.complaints')}</Link>
      </nav>
    </footer>
  );
}
