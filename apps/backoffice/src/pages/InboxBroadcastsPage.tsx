import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, findLanguage } from '@playhouse/contract/languages';
import type { Broadcast, BroadcastCreate } from '@playhouse/contract/inbox';
import { ApiError, boFetch, type Page } from '../api.ts';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import './inbox.css';

type Text = { language: string; title: string; content: string };
const ALL = '*';

/** One broadcast's texts: the one for every language first, then by language name. */
const languageName = (code: string, everyLanguage: string) =>
  code === ALL ? everyLanguage : (findLanguage(code)?.name ?? code);

function ComposeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Text[]>([{ language: ALL, title: '', content: '' }]);
  const [target, setTarget] = useState<'all' | 'level'>('all');
  const [level, setLevel] = useState('1');
  const [sent, setSent] = useState<number>();
  const send = useMutation({
    mutationFn: (body: BroadcastCreate) =>
      boFetch<Broadcast>('/bo/api/inbox/broadcasts', { method: 'POST', body }),
    onSuccess: (b) => {
      setSent(b.recipients);
      setTexts([{ language: ALL, title: '', content: '' }]);
      void queryClient.invalidateQueries({ queryKey: ['inbox-broadcasts'] });
    },
  });
  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const used = new Set(texts.map((x) => x.language));
  const update = (i: number, patch: Partial<Text>) =>
    setTexts((list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(undefined);
    send.mutate({
      contents: Object.fromEntries(texts.map((x) => [x.language, { title: x.title, content: x.content }])),
      vipLevel: target === 'all' ? null : Number(level),
    });
  };
  const everyLanguage = t('inbox.everyLanguage');
  return (
    <form className="card section inbox-compose" onSubmit={submit} aria-labelledby="compose-title">
      <h2 id="compose-title">{t('inbox.compose')}</h2>
      <p className="muted">{t('inbox.composeHint')}</p>
      <div className="grid-2">
        <label className="field">
          <span>{t('inbox.target')}</span>
          <select value={target} onChange={(e) => setTarget(e.target.value as 'all' | 'level')}>
            <option value="all">{t('inbox.targetAll')}</option>
            <option value="level">{t('inbox.targetLevel')}</option>
          </select>
        </label>
        {target === 'level' && (
          <label className="field">
            <span>{t('inbox.vipLevel')}</span>
            <input
              type="number"
              min={0}
              max={100}
              required
              value={level}
              onChange={(e) => setLevel(e.target.value)}
            />
          </label>
        )}
      </div>
      {texts.map((text, i) => (
        <fieldset key={i} className="inbox-text">
          <legend>{languageName(text.language, everyLanguage)}</legend>
          <div className="grid-2">
            <label className="field">
              <span>{t('inbox.language')}</span>
              <select value={text.language} onChange={(e) => update(i, { language: e.target.value })}>
                {[{ code: ALL }, ...LANGUAGES]
                  .filter((l) => l.code === text.language || !used.has(l.code))
                  .map((l) => (
                    <option key={l.code} value={l.code}>
                      {languageName(l.code, everyLanguage)}
                    </option>
                  ))}
              </select>
            </label>
            <label className="field">
              <span>{t('inbox.messageTitle')}</span>
              <input
                required
                maxLength={100}
                dir="auto"
                value={text.title}
                onChange={(e) => update(i, { title: e.target.value })}
              />
            </label>
          </div>
          <label className="field">
            <span>{t('inbox.body')}</span>
            <textarea
              required
              rows={5}
              maxLength={20000}
              dir="auto"
              value={text.content}
              onChange={(e) => update(i, { content: e.target.value })}
            />
            {fields[`contents.${text.language}.content`] && (
              <small className="field-error">{t('inbox.emptyBody')}</small>
            )}
          </label>
          {texts.length > 1 && (
            <button
              type="button"
              className="btn"
              onClick={() => setTexts((list) => list.filter((_, j) => j !== i))}
            >
              {t('inbox.removeLanguage')}
            </button>
          )}
        </fieldset>
      ))}
      <div className="actions">
        <button
          type="button"
          className="btn"
          disabled={used.size > LANGUAGES.length}
          onClick={() =>
            setTexts((list) => [
              ...list,
              { language: LANGUAGES.find((l) => !used.has(l.code))?.code ?? ALL, title: '', content: '' },
            ])
          }
        >
          {t('inbox.addLanguage')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {t('inbox.send')}
        </button>
      </div>
      {send.error && !fields[`contents.${texts[0]?.language}.content`] && (
        <p className="alert" role="alert">
          {send.error.message}
        </p>
      )}
      {sent !== undefined && (
        <p className="notice-ok" role="status">
          {t('inbox.sent', { count: sent })}
        </p>
      )}
    </form>
  );
}

/**
 * Inbox broadcasts: compose a title and a body (sanitized by the server) for every language or per
 * language, to every member or one VIP level; and the broadcasts already sent. Sending is audited.
 */
export function InboxBroadcastsPage() {
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['inbox-broadcasts', pageNo],
    queryFn: () => boFetch<Page<Broadcast>>(`/bo/api/inbox/broadcasts?pageNo=${pageNo}&pageSize=20`),
    placeholderData: keepPreviousData,
  });
  const everyLanguage = t('inbox.everyLanguage');
  return (
    <section>
      <div className="page-head">
        <h1>{t('inbox.title')}</h1>
      </div>
      <ComposeForm />
      <h2>{t('inbox.sentList')}</h2>
      {list.error && <p className="alert">{list.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('inbox.messageTitle')}</th>
            <th>{t('inbox.target')}</th>
            <th>{t('inbox.sentBy')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((b) => (
            <tr key={b.id}>
              <td data-label={t('table.time')} className="nowrap">
                {formatTime(b.createdAt, tag)}
              </td>
              <td data-label={t('inbox.messageTitle')}>
                {Object.entries(b.contents).map(([code, text]) => (
                  <div key={code} className="wrap-anywhere">
                    <span className="muted">{languageName(code, everyLanguage)}: </span>
                    <span dir="auto">{text.title}</span>
                  </div>
                ))}
              </td>
              <td data-label={t('inbox.target')}>
                {b.vipLevel === null ? t('inbox.targetAll') : t('inbox.levelN', { level: b.vipLevel })}
                <span className="muted"> · </span>
                <span className="num">{b.recipients}</span>
              </td>
              <td data-label={t('inbox.sentBy')}>{b.createdBy}</td>
            </tr>
          ))}
          {list.data?.list.length === 0 && <EmptyRow colSpan={4} />}
        </tbody>
      </table>
      <Pager page={list.data} onPage={setPageNo} />
    </section>
  );
}
