import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoHelpTopic, BoHelpTopicInput } from '@playhouse/contract/help';
import { LANGUAGES, type LanguageCode } from '@playhouse/contract/languages';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';

type Draft = Omit<BoHelpTopicInput, 'sortOrder'>;

const empty = (language: LanguageCode): Draft => ({
  language,
  tag: '',
  tabTitle: '',
  title: '',
  content: '',
});

/** Creates or edits one topic; the server cleans the HTML and answers what it kept. */
function TopicForm({
  editing,
  language,
  onDone,
}: {
  editing: BoHelpTopic | undefined;
  language: LanguageCode;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? {
          language: editing.language as LanguageCode,
          tag: editing.tag,
          tabTitle: editing.tabTitle,
          title: editing.title,
          content: editing.content,
        }
      : empty(language),
  );
  const save = useMutation({
    mutationFn: (body: Draft) =>
      editing
        ? boFetch<BoHelpTopic>(`/bo/api/help/${editing.id}`, {
            method: 'PUT',
            body: { ...body, sortOrder: editing.sortOrder },
          })
        : boFetch<BoHelpTopic>('/bo/api/help', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['help-topics'] });
      onDone();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const input = (key: 'tag' | 'tabTitle' | 'title', max: number) => (
    <TextField
      label={t(`helpTopics.${key}`)}
      value={draft[key]}
      required
      maxLength={max}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      errors={fieldErrors[key]}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="card section" onSubmit={submit} aria-labelledby="help-form-title">
      <h2 id="help-form-title">{editing ? t('helpTopics.edit') : t('helpTopics.new')}</h2>
      <div className="grid-2">
        <label className="field">
          <span>{t('helpTopics.language')}</span>
          <select
            value={draft.language}
            onChange={(e) => setDraft({ ...draft, language: e.target.value as LanguageCode })}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        {input('tag', 32)}
        {input('tabTitle', 60)}
        {input('title', 120)}
      </div>
      <label className="field">
        <span>{t('helpTopics.content')}</span>
        <textarea
          rows={10}
          value={draft.content}
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

/** Help centre topics per language: create, edit, reorder and delete (every change audited). */
export function HelpTopicsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<LanguageCode>('EN');
  const [editing, setEditing] = useState<BoHelpTopic | 'new'>();
  const topics = useQuery({
    queryKey: ['help-topics', language],
    queryFn: () => boFetch<BoHelpTopic[]>(`/bo/api/help?language=${language}`),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['help-topics'] });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      boFetch<BoHelpTopic[]>('/bo/api/help/order', { method: 'PUT', body: { language, ids } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => boFetch(`/bo/api/help/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const list = topics.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <>
      <div className="page-head">
        <h1>{t('helpTopics.heading')}</h1>
        <label className="field">
          <span>{t('helpTopics.language')}</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('helpTopics.new')}
        </button>
      </div>
      {editing && (
        <TopicForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? undefined : editing}
          language={language}
          onDone={() => setEditing(undefined)}
        />
      )}
      {topics.error && <p className="alert">{topics.error.message}</p>}
      {(reorder.error ?? remove.error) && <p className="alert">{(reorder.error ?? remove.error)!.message}</p>}
      <div className="card">
        {list.length === 0 ? (
          <p className="empty">{t('helpTopics.empty')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('helpTopics.tabTitle')}</th>
                <th>{t('helpTopics.title')}</th>
                <th>{t('helpTopics.tag')}</th>
                <th>{t('helpTopics.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((topic, i) => (
                <tr key={topic.id}>
                  <td dir="auto">{topic.tabTitle}</td>
                  <td dir="auto">{topic.title}</td>
                  <td className="mono">{topic.tag}</td>
                  <td className="nowrap">
                    <button
                      type="button"
                      className="btn"
                      disabled={i === 0 || reorder.isPending}
                      aria-label={t('helpTopics.up', { title: topic.title })}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn"
                      disabled={i === list.length - 1 || reorder.isPending}
                      aria-label={t('helpTopics.down', { title: topic.title })}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button type="button" className="btn" onClick={() => setEditing(topic)}>
                      {t('helpTopics.editAction')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger"
                      onClick={() => {
                        if (window.confirm(t('helpTopics.confirmDelete', { title: topic.title })))
                          remove.mutate(topic.id);
                      }}
                    >
                      {t('helpTopics.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
