import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { LEGAL_KINDS, legalPath, type LegalDocument, type LegalKind } from '@playhouse/contract/legal';
import { apiFetch } from '../../lib/api.ts';
import { Icon } from '../../shell/Icon.tsx';
import './legal.css';

/** The footer's label of each document, for the list of the others. */
const LABELS: Record<LegalKind, string> = {
  terms: 'legal.terms',
  privacy: 'legal.privacy',
  licence: 'legal.licence',
  age: 'legal.adults',
  responsible: 'legal.rgPolicy',
  complaints: 'legal.complaints',
};

const isKind = (value: string | null): value is LegalKind =>
  value !== null && (LEGAL_KINDS as readonly string[]).includes(value);

/**
 * /m/legal?doc=terms (privacy, licence, age, responsible, complaints): one of the operator's legal
 * documents in the page language, as the operator wrote it in the back office (HTML sanitised by the
 * server on save and on serving), with the date it last changed and links to the others.
 */
export default function LegalPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('doc');
  const kind: LegalKind = isKind(asked) ? asked : 'terms';
  const lang = i18n.language || 'EN';
  const doc = useQuery({
    queryKey: ['legal', kind, lang],
    queryFn: () => apiFetch<LegalDocument>(`/wps/system/legal/${kind}?lang=${encodeURIComponent(lang)}`),
    staleTime: 5 * 60_000,
  });
  const date = new Intl.DateTimeFormat(findLanguage(lang)?.tag ?? 'en', { dateStyle: 'long' });

  return (
    <section className="legal-page" data-testid="legal-page" data-doc={kind}>
      {doc.isPending ? (
        <div className="page-loader" aria-hidden="true" />
      ) : doc.isError ? (
        <div className="empty-state" role="alert">
          <Icon name="refresh" size={40} />
          <p>{t('legal.loadFailed')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void doc.refetch()}>
            {t('legal.retry')}
          </button>
        </div>
      ) : (
        <article className="legal-article" lang={findLanguage(doc.data.language)?.tag}>
          <h1 className="legal-title" dir="auto">
            {doc.data.title}
          </h1>
          <p className="legal-updated">{t('legal.updated', { date: date.format(doc.data.updatedAt) })}</p>
          <div className="legal-body" dir="auto" dangerouslySetInnerHTML={{ __html: doc.data.content }} />
        </article>
      )}
      <nav className="legal-others" aria-label={t('legal.others')}>
        <h2>{t('legal.others')}</h2>
        <ul>
          {LEGAL_KINDS.filter((k) => k !== kind).map((k) => (
            <li key={k}>
              <Link to={legalPath(k)}>{t(LABELS[k])}</Link>
            </li>
          ))}
          <li>
            {/* The player's own limits screen, named apart from the operator's policy document. */}
            <Link to="/m/responsibleGambling">{t('legal.myLimits')}</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}
