import { findLanguage } from '@playhouse/contract/languages';
import type { InboxMessage } from '@playhouse/contract/inbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useDeleteMessage, useInbox, useOpenMessage, useReadAll } from './api.ts';
import './inbox.css';

function MessageItem({
  message,
  expanded,
  onToggle,
  onDelete,
  locale,
}: {
  message: InboxMessage;
  expanded: boolean;
  onToggle: () => void;
  onDelete: () => void;
  locale: string;
}) {
  const { t } = useTranslation('inbox');
  const bodyId = `inbox-${message.id}`;
  const when = new Date(message.createdAt);
  return (
    <li className={`ib-item${message.read ? '' : ' is-unread'}`} data-kind={message.kind}>
      <button
        type="button"
        className="ib-head"
        aria-expanded={expanded}
        aria-controls={expanded ? bodyId : undefined}
        onClick={onToggle}
      >
        <span className={`ib-icon${message.kind === 'broadcast' ? ' is-broadcast' : ''}`} aria-hidden="true">
          <Icon name={message.kind === 'broadcast' ? 'chat' : 'mail'} size={18} />
        </span>
        <span className="ib-text">
          <span className="ib-title" dir="auto">
            {!message.read && <span className="ib-dot" role="img" aria-label={t('unread')} />}
            {message.title}
          </span>
          {!expanded && (
            <span className="ib-preview" dir="auto">
              {message.preview}
            </span>
          )}
        </span>
        <time className="ib-date" dateTime={when.toISOString()}>
          {new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(when)}
        </time>
      </button>
      {expanded && (
        <div id={bodyId} className="ib-body">
          {message.kind === 'broadcast' && <p className="ib-from">{t('fromSite')}</p>}
          {/* Broadcast HTML is sanitized by the server when sent; system messages arrive escaped. */}
          <div className="ib-content" dir="auto" dangerouslySetInnerHTML={{ __html: message.content }} />
          <div className="ib-actions">
            <span className="ib-time">
              {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
            </span>
            <button type="button" className="btn btn-ghost ib-delete" onClick={onDelete}>
              <Icon name="close" size={14} />
              {t('delete')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function Skeleton() {
  return (
    <ul className="ib-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="ib-item ib-placeholder" />
      ))}
    </ul>
  );
}

/**
 * /m/webEmail (spec §2): my messages and the site's broadcasts, newest first. Opening one marks it
 * read (the header badge drops); a message may be deleted, for me only.
 */
export default function InboxPage() {
  const { t, i18n } = useTranslation('inbox');
  const session = useSession();
  const inbox = useInbox();
  const open = useOpenMessage();
  const remove = useDeleteMessage();
  const readAll = useReadAll();
  const [expanded, setExpanded] = useState<number>();
  const [confirm, setConfirm] = useState<number>();
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;

  if (!session) return <Navigate to="/m/login" replace />;
  if (inbox.isPending)
    return (
      <div className="ib-page">
        <Skeleton />
      </div>
    );
  if (inbox.isError)
    return (
      <div className="ib-page">
        <button type="button" className="empty-state ib-retry" onClick={() => void inbox.refetch()}>
          <Icon name="refresh" size={28} />
          <span>{t('loadFailed')}</span>
        </button>
      </div>
    );

  const all = inbox.data.pages.flatMap((p) => p.list);
  const unread = inbox.data.pages[0]?.unreadCount ?? 0;
  const toggle = (message: InboxMessage) => {
    if (expanded === message.id) return setExpanded(undefined);
    setExpanded(message.id);
    if (!message.read) open.mutate(message.id);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
  };
  const confirmDelete = () => {
    const id = confirm;
    setConfirm(undefined);
    if (id === undefined) return;
    remove.mutate(id, {
      onSuccess: () => showToast(t('deleted'), { kind: 'success' }),
      onError: failed,
    });
  };

  return (
    <div className="ib-page">
      <div className="ib-toolbar">
        <span className="ib-count" aria-live="polite">
          {t('unreadCount', { count: unread })}
        </span>
        <button
          type="button"
          className="btn btn-ghost ib-readall"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onError: failed })}
        >
          {t('readAll')}
        </button>
      </div>
      {all.length === 0 ? (
        <section className="empty-state">
          <Icon name="mail" size={48} />
          <p>{t('empty')}</p>
        </section>
      ) : (
        <ul className="ib-list">
          {all.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              locale={locale}
              expanded={expanded === message.id}
              onToggle={() => toggle(message)}
              onDelete={() => setConfirm(message.id)}
            />
          ))}
        </ul>
      )}
      {isFetchingNextPage && <Skeleton />}
      {hasNextPage && !isFetchingNextPage && (
        <button type="button" className="btn btn-ghost ib-more" onClick={() => void fetchNextPage()}>
          {t('loadMore')}
        </button>
      )}
      {confirm !== undefined && (
        <Modal title={t('delete')} onClose={() => setConfirm(undefined)}>
          <p className="modal-text">{t('deleteConfirm')}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirm(undefined)}>
              {t('cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={confirmDelete}>
              {t('delete')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
