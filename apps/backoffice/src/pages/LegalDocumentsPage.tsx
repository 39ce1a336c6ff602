import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  LEGAL_KINDS,
  type BoLegalIndex,
  type BoLegalInput,
  type LegalDocument,
  type LegalKind,
} from '@playhouse/contract/legal';
import { LANGUAGES, type LanguageCode } from '@playhouse/contract/languages';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';

const isKind = (v: string | null): v is LegalKind =>
  v !== null && (LEGAL_KINDS as readonly string[]).includes(v);
const isLanguage = (v: string | null): v is LanguageCode => LANGUAGES.some((l) => l.code === v);

/** Edits one document in one language; the server cleans the HTML and answers what it kept. */
function DocumentForm({
  kind,
  language,
  current,
  onDone,
}: {
  kind: LegalKind;
  language: LanguageCode;
  current: LegalDocument | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BoLegalInput>({
    title: current?.title ?? '',
    content: current?.content ?? '',
  });
  const save = useMutation({
    mutationFn: (body: BoLegalInput) =>
      boFetch<LegalDocument>(`/bo/api/legal/${kind}/${language}`, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['legal'] });
      onDone();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="card section" onSubmit={submit} aria-labelledby="legal-form-title">
      <h2 id="legal-form-title">
        {t(`legalDocs.kinds.${kind}`)} · {LANGUAGES.find((l) => l.code === language)?.name}
      </h2>
      <TextField
        label={t('legalDocs.title')}
        value={draft.title}
        required
        maxLength={120}
        onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        errors={fieldErrors.title}
      />
      <label className="field">
        <span>{t('legalDocs.content')}</span>
        <textarea
          rows={16}
          dir="auto"
          value={draft.content}
          required
          onChange={(e) => setDraft({ ...draft, content: e.target.value })}
          aria-invalid={fieldErrors.content ? true : undefined}
        />
        <small className="hint">{t('helpTopics.contentHint')}</small>
      </label>
      <FormActions
        save={save}
        onCancel={onDone}
        cancelLabel={t('helpTopics.cancel')}
        saveLabel={t('helpTopics.save')}
      />
    </form>
  );
}

/**
 * Legal and responsible-gambling documents (terms, privacy, licence, 18+, responsible gambling,
 * complaints): which exist in which language, and an editor per document and language, its address
 * `/legal?kind=terms&language=AR`. Every save is audited.
 */
export function LegalDocumentsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const languageParam = params.get('language');
  const language: LanguageCode = isLanguage(languageParam) ? languageParam : 'EN';
  const editing = isKind(kindParam) ? kindParam : undefined;
  const index = useQuery({
    queryKey: ['legal', 'index'],
    queryFn: () => boFetch<BoLegalIndex>('/bo/api/legal'),
  });
  const doc = useQuery({
    queryKey: ['legal', editing, language],
    enabled: editing !== undefined,
    retry: false,
    queryFn: () => boFetch<LegalDocument>(`/bo/api/legal/${editing}/${language}`),
  });
  const open = (kind: LegalKind | undefined) => {
    const next = new URLSearchParams({ language });
    if (kind) next.set('kind', kind);
    setParams(next);
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const stored = (kind: LegalKind) => index.data?.find((d) => d.kind === kind && d.language === language);
  const missing = doc.error instanceof ApiError && doc.error.status === 404;

  return (
    <>
      <div className="page-head">
        <h1>{t('legalDocs.heading')}</h1>
        <label className="field">
          <span>{t('helpTopics.language')}</span>
          <select
            value={language}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              next.set('language', e.target.value);
              setParams(next);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="hint">{t('legalDocs.intro')}</p>
      {editing && (doc.data || missing) && (
        <DocumentForm
          key={`${editing}:${language}:${doc.data?.updatedAt ?? 'new'}`}
          kind={editing}
          language={language}
          current={doc.data}
          onDone={() => open(undefined)}
        />
      )}
      {doc.error && !missing && <p className="alert">{doc.error.message}</p>}
      {index.error && <p className="alert">{index.error.message}</p>}
      <div className="card">
        <table className="table">
          <thead>
            <tr>
              <th>{t('legalDocs.document')}</th>
              <th>{t('legalDocs.title')}</th>
              <th>{t('legalDocs.updated')}</th>
              <th>{t('helpTopics.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {LEGAL_KINDS.map((kind) => {
              const row = stored(kind);
              return (
                <tr key={kind}>
                  <td>{t(`legalDocs.kinds.${kind}`)}</td>
                  <td dir="auto">
                    {row ? row.title : <em className="hint">{t('legalDocs.notWritten')}</em>}
                  </td>
                  <td className="nowrap">{row ? date.format(row.updatedAt) : '—'}</td>
                  <td>
                    <button type="button" className="btn" onClick={() => open(kind)}>
                      {row ? t('helpTopics.editAction') : t('legalDocs.write')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
