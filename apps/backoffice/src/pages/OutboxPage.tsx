import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { boFetch, type Page } from '../api.ts';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';

interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: number;
}

/** Outgoing SMS and e-mail recorded by the outbox provider, newest first. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [channel, setChannel] = useState<'' | 'sms' | 'email'>('');
  const query = useQuery({
    queryKey: ['outbox', pageNo, channel],
    queryFn: () =>
      boFetch<Page<OutboxMessage>>(
        `/bo/api/outbox?pageNo=${pageNo}&pageSize=25${channel ? `&channel=${channel}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  return (
    <section>
      <div className="page-head">
        <h1>{t('outbox.title')}</h1>
        <select
          aria-label={t('outbox.channel')}
          value={channel}
          onChange={(e) => {
            setChannel(e.target.value as typeof channel);
            setPageNo(1);
          }}
        >
          <option value="">{t('outbox.all')}</option>
          <option value="sms">{t('outbox.sms')}</option>
          <option value="email">{t('outbox.email')}</option>
        </select>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      <p className="hint">{t('outbox.hint')}</p>
      {query.error && <p className="alert">{query.error.message}</p>}
      <table className="table">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('outbox.channel')}</th>
            <th>{t('outbox.recipient')}</th>
            <th>{t('outbox.message')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.list.map((m) => (
            <tr key={m.id}>
              <td className="nowrap">{formatTime(m.createdAt, tag)}</td>
              <td>{m.channel === 'sms' ? t('outbox.sms') : t('outbox.email')}</td>
              <td className="mono">{m.recipient}</td>
              <td>
                {m.subject && <strong className="block">{m.subject}</strong>}
                <span className="pre">{m.body}</span>
              </td>
            </tr>
          ))}
          {query.data?.list.length === 0 && <EmptyRow colSpan={4} />}
        </tbody>
      </table>
      <Pager page={query.data} onPage={setPageNo} />
    </section>
  );
}
