import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_TEXT_MAX,
  type CannedReply,
  type ChatConversation,
  type ChatMemberContext,
  type ChatMessage,
} from '@playhouse/contract/chat';
import { LANGUAGES, findLanguage } from '@playhouse/contract/languages';
import { LIVE_PATH, type LiveEvent } from '@playhouse/contract/live';
import { boFetch, getToken, type Page } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { formatTime } from './Pager.tsx';
import { StaffImage } from './StaffImage.tsx';
import { useMe, useStaffRole } from './use-staff-role.ts';
import './money.css';
import './chat.css';

type Tab = 'WAITING' | 'MINE' | 'ALL';
interface History {
  conversation: ChatConversation;
  messages: ChatMessage[];
}
const QUEUE_KEY = ['chat', 'queue'] as const;
const historyKey = (id: number) => ['chat', 'conversation', id] as const;
/** "The player is typing" shows this long after their last signal. */
const TYPING_SHOWN_MS = 5000;

const who = (c: ChatConversation) => c.memberName ?? c.guestName ?? '';

/**
 * The console's live socket: signed in as staff, it receives every conversation's messages, state
 * changes, typing and read receipts of the operator (decision 025). Reconnects with backoff.
 */
function useStaffSocket(onEvent: (event: LiveEvent) => void) {
  const handler = useRef(onEvent);
  const socket = useRef<WebSocket | undefined>(undefined);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let stopped = false;
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`,
      );
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, as: 'staff' }));
      ws.onmessage = (m) => {
        try {
          const event = JSON.parse(String(m.data)) as LiveEvent;
          if (event.type === 'ready') attempts = 0;
          handler.current(event);
        } catch {
          // An unreadable push is dropped; the next refresh covers it.
        }
      };
      ws.onclose = (close) => {
        if (socket.current === ws) socket.current = undefined;
        if (stopped || close.code === 4401 || close.code === 4403) return;
        const base = Math.min(30_000, 1000 * 2 ** attempts++);
        retry = setTimeout(connect, base + Math.random() * (base / 3));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.current?.close(1000);
    };
  }, []);
  return (conversationId: number) => {
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'typing', conversationId }));
  };
}

/** The member beside the conversation: balance, VIP rank, last deposits, open withdrawals. */
function ContextPanel({ conversation, tag }: { conversation: ChatConversation; tag: string }) {
  const { t } = useTranslation();
  const context = useQuery({
    queryKey: ['chat', 'context', conversation.id],
    queryFn: () => boFetch<ChatMemberContext>(`/bo/api/chat/conversations/${conversation.id}/context`),
  });
  const member = context.data?.member;
  return (
    <aside className="card chat-context" aria-label={t('chat.context.title')}>
      {conversation.memberName === null ? (
        <>
          <h2>{t('chat.guest')}</h2>
          <dl className="chat-facts">
            <dt>{t('chat.guestName')}</dt>
            <dd dir="auto">{conversation.guestName}</dd>
            <dt>{t('chat.guestContact')}</dt>
            <dd dir="ltr">{conversation.guestContact}</dd>
          </dl>
        </>
      ) : context.error ? (
        <p className="alert">{context.error.message}</p>
      ) : !member ? (
        <p className="muted">…</p>
      ) : (
        <>
          <h2>{member.userName}</h2>
          <dl className="chat-facts">
            <dt>{t('chat.context.balance')}</dt>
            <dd className="num" data-testid="chat-context-balance">
              {member.balance} {member.currency}
            </dd>
            <dt>{t('chat.context.vip')}</dt>
            <dd>{member.vip ?? t('chat.context.none')}</dd>
          </dl>
          <h3>{t('chat.context.deposits')}</h3>
          {member.lastDeposits.length === 0 ? (
            <p className="muted">{t('chat.context.none')}</p>
          ) : (
            <ul className="chat-context-list">
              {member.lastDeposits.map((d) => (
                <li key={d.id}>
                  <span className="num">{d.amount}</span>
                  <span className={`status status-${d.status}`}>{t(`money.status.${d.status}`)}</span>
                  <span className="muted">{formatTime(d.createdAt, tag)}</span>
                </li>
              ))}
            </ul>
          )}
          <h3>{t('chat.context.withdrawals')}</h3>
          {member.openWithdrawals.length === 0 ? (
            <p className="muted">{t('chat.context.none')}</p>
          ) : (
            <ul className="chat-context-list">
              {member.openWithdrawals.map((w) => (
                <li key={w.id}>
                  <span className="num">{w.amount}</span>
                  <span className={`status status-${w.status}`}>{t(`money.status.${w.status}`)}</span>
                  <span className="muted">{formatTime(w.createdAt, tag)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {conversation.rating !== null && (
        <p className="chat-rating">{t('chat.rating', { value: conversation.rating })}</p>
      )}
      {conversation.tags.length > 0 && (
        <p className="badges">
          {conversation.tags.map((tagName) => (
            <span key={tagName} className="badge">
              {tagName}
            </span>
          ))}
        </p>
      )}
    </aside>
  );
}

/** Close with tags (comma-separated). */
function CloseDialog({
  onClose,
  onCancel,
  pending,
}: {
  onClose: (tags: string[]) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [tags, setTags] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onClose(
      tags
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 10),
    );
  };
  return (
    <Dialog titleId="chat-close-title" focus={input} onSubmit={submit} onCancel={onCancel}>
      <h2 id="chat-close-title">{t('chat.closeTitle')}</h2>
      <label className="field">
        <span>{t('chat.tags')}</span>
        <input ref={input} value={tags} maxLength={330} onChange={(e) => setTags(e.target.value)} />
      </label>
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('chat.close')}
        </button>
      </div>
    </Dialog>
  );
}

function TransferDialog({
  onTransfer,
  onCancel,
  pending,
  error,
}: {
  onTransfer: (name: string) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      titleId="chat-transfer-title"
      focus={input}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onTransfer(name.trim());
      }}
      onCancel={onCancel}
    >
      <h2 id="chat-transfer-title">{t('chat.transfer')}</h2>
      <label className="field">
        <span>{t('chat.transferTo')}</span>
        <input ref={input} value={name} maxLength={64} required onChange={(e) => setName(e.target.value)} />
      </label>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending || !name.trim()}>
          {t('chat.transfer')}
        </button>
      </div>
    </Dialog>
  );
}

/** Canned replies: one text per shortcut and language; written by those who configure chat. */
function CannedDialog({ replies, onCancel }: { replies: CannedReply[]; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shortcut, setShortcut] = useState('');
  const [language, setLanguage] = useState('EN');
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const done = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'canned'] });
  const save = useMutation({
    mutationFn: () => boFetch('/bo/api/chat/canned', { method: 'PUT', body: { shortcut, language, text } }),
    onSuccess: () => {
      setText('');
      done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => boFetch(`/bo/api/chat/canned/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
  return (
    <Dialog
      titleId="chat-canned-title"
      focus={input}
      onSubmit={(e) => {
        e.preventDefault();
        if (shortcut.trim() && text.trim()) save.mutate();
      }}
      onCancel={onCancel}
    >
      <h2 id="chat-canned-title">{t('chat.cannedManage')}</h2>
      {replies.length === 0 ? (
        <p className="muted">{t('chat.cannedNone')}</p>
      ) : (
        <ul className="chat-canned-list">
          {replies.map((r) => (
            <li key={r.id}>
              <strong>/{r.shortcut}</strong> <span className="badge">{r.language}</span>
              <span className="wrap-anywhere" dir="auto">
                {r.text}
              </span>
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(r.id)}
              >
                {t('chat.cannedDelete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chat-canned-form">
        <label className="field">
          <span>{t('chat.cannedShortcut')}</span>
          <input ref={input} value={shortcut} maxLength={32} onChange={(e) => setShortcut(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('chat.language')}</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field">
        <span>{t('chat.cannedText')}</span>
        <textarea
          rows={3}
          dir="auto"
          value={text}
          maxLength={CHAT_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {(save.error ?? remove.error) && (
        <p className="alert" role="alert">
          {(save.error ?? remove.error)!.message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending || !shortcut.trim() || !text.trim()}
        >
          {t('chat.cannedSave')}
        </button>
      </div>
    </Dialog>
  );
}

/** One conversation: its messages, reply box with canned replies, and the actions staff may take. */
function ConversationView({
  id,
  typing,
  onTyping,
  canned,
  tag,
}: {
  id: number;
  typing: boolean;
  onTyping: (id: number) => void;
  canned: CannedReply[];
  tag: string;
}) {
  const { t } = useTranslation();
  const me = useMe().data?.username;
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: historyKey(id),
    queryFn: () => boFetch<History>(`/bo/api/chat/conversations/${id}`),
  });
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<'close' | 'transfer'>();
  const list = useRef<HTMLOListElement>(null);
  const readSent = useRef(0);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: historyKey(id) });
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  };
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      boFetch(`/bo/api/chat/conversations/${id}/${path}`, { method: 'POST', body: body ?? {} }),
    onSuccess: () => {
      setDialog(undefined);
      refresh();
    },
  });
  const reply = useMutation({
    mutationFn: (value: string) =>
      boFetch<ChatMessage>(`/bo/api/chat/conversations/${id}/messages`, {
        method: 'POST',
        body: { text: value },
      }),
    onSuccess: (message) => {
      setText('');
      queryClient.setQueryData<History>(historyKey(id), (old) =>
        old && !old.messages.some((m) => m.id === message.id)
          ? { ...old, messages: [...old.messages, message] }
          : old,
      );
    },
  });

  const conversation = history.data?.conversation;
  const messages = history.data?.messages ?? [];
  const lastPlayer = messages.reduce((max, m) => (m.sender !== 'staff' && m.id > max ? m.id : max), 0);
  const mine = conversation?.status === 'OPEN' && conversation.staffName === me;

  // Read receipts: what an assigned member of staff has on screen counts as read.
  useEffect(() => {
    if (!mine || !conversation || lastPlayer <= Math.max(conversation.staffReadId, readSent.current)) return;
    readSent.current = lastPlayer;
    void boFetch(`/bo/api/chat/conversations/${id}/read`, {
      method: 'POST',
      body: { lastId: lastPlayer },
    }).then(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }));
  }, [mine, conversation, lastPlayer, id, queryClient]);

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing]);

  if (history.error) return <p className="alert">{history.error.message}</p>;
  if (!conversation) return <div className="card chat-main" aria-busy="true" />;

  const language = findLanguage(conversation.language);
  // Canned replies in the conversation's language first, then the others.
  const sorted = [...canned].sort(
    (a, b) => Number(b.language === conversation.language) - Number(a.language === conversation.language),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) reply.mutate(text.trim());
  };

  return (
    <section className="card chat-main" aria-label={t('chat.conversation', { id })}>
      <header className="chat-main-head">
        <div>
          <h2>{who(conversation) || t('chat.guest')}</h2>
          <p className="muted">
            <span className={`status status-chat-${conversation.status}`}>
              {t(`chat.status.${conversation.status}`)}
            </span>{' '}
            {conversation.staffName && t('chat.agent', { name: conversation.staffName })} ·{' '}
            {language?.name ?? conversation.language}
          </p>
        </div>
        <div className="actions">
          {conversation.status === 'WAITING' && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={act.isPending}
              onClick={() => act.mutate({ path: 'take' })}
            >
              {t('chat.take')}
            </button>
          )}
          {mine && (
            <>
              <button type="button" className="btn" onClick={() => setDialog('transfer')}>
                {t('chat.transfer')}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => setDialog('close')}>
                {t('chat.close')}
              </button>
            </>
          )}
        </div>
      </header>
      {act.error && !dialog && (
        <p className="alert" role="alert">
          {act.error.message}
        </p>
      )}
      <ol className="chat-log" ref={list} aria-live="polite">
        {messages.map((m) => {
          const ours = m.sender === 'staff';
          return (
            <li
              key={m.id}
              className={`chat-line ${ours ? 'is-staff' : 'is-player'}`}
              data-testid="bo-chat-message"
            >
              <div className="chat-bubble">
                {ours && m.staffName && <span className="chat-author">{m.staffName}</span>}
                {m.uploadId ? (
                  <StaffImage
                    uploadId={m.uploadId}
                    path={`/bo/api/chat/conversations/${id}/images/${encodeURIComponent(m.uploadId)}`}
                    alt={t('chat.image')}
                  />
                ) : (
                  <p dir="auto">{m.text}</p>
                )}
                <span className="chat-meta">
                  {formatTime(m.createdAt, tag)}
                  {ours && conversation.memberReadId >= m.id && <> · {t('chat.read')}</>}
                </span>
              </div>
            </li>
          );
        })}
        {typing && (
          <li className="chat-typing muted" data-testid="bo-chat-typing">
            {t('chat.typing')}
          </li>
        )}
      </ol>
      {mine && (
        <form className="chat-reply" onSubmit={submit}>
          {sorted.length > 0 && (
            <select
              aria-label={t('chat.cannedInsert')}
              value=""
              onChange={(e) => {
                const picked = canned.find((r) => r.id === Number(e.target.value));
                if (picked) setText((old) => (old ? `${old} ${picked.text}` : picked.text));
              }}
            >
              <option value="">{t('chat.cannedInsert')}</option>
              {sorted.map((r) => (
                <option key={r.id} value={r.id}>
                  /{r.shortcut} · {r.language}
                </option>
              ))}
            </select>
          )}
          <textarea
            rows={2}
            dir="auto"
            aria-label={t('chat.reply')}
            placeholder={t('chat.replyPlaceholder')}
            maxLength={CHAT_TEXT_MAX}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              onTyping(id);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={reply.isPending || !text.trim()}>
            {t('chat.send')}
          </button>
        </form>
      )}
      {reply.error && (
        <p className="alert" role="alert">
          {reply.error.message}
        </p>
      )}
      {dialog === 'close' && (
        <CloseDialog
          pending={act.isPending}
          onCancel={() => setDialog(undefined)}
          onClose={(tags) => act.mutate({ path: 'close', body: { tags } })}
        />
      )}
      {dialog === 'transfer' && (
        <TransferDialog
          pending={act.isPending}
          error={act.error?.message}
          onCancel={() => setDialog(undefined)}
          onTransfer={(staffUserName) => act.mutate({ path: 'transfer', body: { staffUserName } })}
        />
      )}
    </section>
  );
}

/**
 * Live chat console (decision 025, 031): the queue of waiting conversations, mine, and the searchable
 * history; one conversation with its member's context beside it; canned replies in several languages.
 */
export function ChatConsolePage() {
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const { can } = useStaffRole();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('WAITING');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number>();
  const [typingIn, setTypingIn] = useState<number>();
  const [cannedOpen, setCannedOpen] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const params = new URLSearchParams({ pageSize: '50' });
  if (tab === 'WAITING') params.set('status', 'WAITING');
  if (tab === 'MINE') {
    params.set('mine', 'true');
    params.set('status', 'OPEN');
  }
  if (tab === 'ALL' && search) params.set('q', search);
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, tab, search],
    queryFn: () => boFetch<Page<ChatConversation>>(`/bo/api/chat/conversations?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
  const canned = useQuery({
    queryKey: ['chat', 'canned'],
    queryFn: () => boFetch<CannedReply[]>('/bo/api/chat/canned'),
  });
  const autoAssign = useMutation({
    mutationFn: () => boFetch('/bo/api/chat/auto-assign', { method: 'POST', body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });

  const sendTyping = useStaffSocket((event) => {
    switch (event.type) {
      case 'ready':
        void queryClient.invalidateQueries({ queryKey: ['chat'] });
        return;
      case 'chat': {
        const { message } = event;
        if (message.sender !== 'staff' && message.conversationId === typingIn) setTypingIn(undefined);
        queryClient.setQueryData<History>(historyKey(message.conversationId), (old) =>
          old && !old.messages.some((m) => m.id === message.id)
            ? { ...old, messages: [...old.messages, message] }
            : old,
        );
        void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
        return;
      }
      case 'chatConversation':
        queryClient.setQueryData<History>(historyKey(event.conversation.id), (old) =>
          old ? { ...old, conversation: event.conversation } : old,
        );
        void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
        return;
      case 'chatRead':
        if (event.side === 'member')
          queryClient.setQueryData<History>(historyKey(event.conversationId), (old) =>
            old ? { ...old, conversation: { ...old.conversation, memberReadId: event.lastId } } : old,
          );
        return;
      case 'chatTyping':
        if (event.from !== 'member') return;
        setTypingIn(event.conversationId);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTypingIn(undefined), TYPING_SHOWN_MS);
        return;
      default:
        return;
    }
  });
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const tabs: Tab[] = ['WAITING', 'MINE', 'ALL'];
  return (
    <section className="chat-console">
      <div className="page-head">
        <h1>{t('chat.title')}</h1>
        <button
          type="button"
          className="btn"
          disabled={autoAssign.isPending}
          onClick={() => autoAssign.mutate()}
        >
          {t('chat.autoAssign')}
        </button>
        {can('chat.configure') && (
          <button type="button" className="btn" onClick={() => setCannedOpen(true)}>
            {t('chat.cannedManage')}
          </button>
        )}
      </div>
      <div className="chat-grid">
        <nav className="card chat-queue" aria-label={t('chat.queue')}>
          <div className="chat-tabs" role="tablist">
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? 'is-active' : ''}
                onClick={() => setTab(name)}
              >
                {t(`chat.tabs.${name}`)}
              </button>
            ))}
          </div>
          {tab === 'ALL' && (
            <form
              className="chat-search"
              onSubmit={(e) => {
                e.preventDefault();
                setSearch(q.trim());
              }}
            >
              <input
                type="search"
                aria-label={t('chat.search')}
                placeholder={t('chat.search')}
                value={q}
                maxLength={100}
                onChange={(e) => setQ(e.target.value)}
              />
            </form>
          )}
          {queue.error && <p className="alert">{queue.error.message}</p>}
          <ul className="chat-queue-list">
            {queue.data?.list.length === 0 && <li className="muted chat-queue-empty">{t('chat.empty')}</li>}
            {queue.data?.list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={selected === c.id ? 'is-active' : ''}
                  aria-current={selected === c.id || undefined}
                  onClick={() => setSelected(c.id)}
                >
                  <span className="chat-queue-name" dir="auto">
                    {who(c) || t('chat.guest')}
                    {c.memberName === null && <span className="badge">{t('chat.guest')}</span>}
                  </span>
                  {c.unreadForStaff > 0 && (
                    <span className="badge badge-warn" data-testid="bo-chat-unread">
                      {c.unreadForStaff}
                    </span>
                  )}
                  <span className="muted chat-queue-time">
                    {t(`chat.status.${c.status}`)} · {formatTime(c.lastMessageAt, tag)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {selected === undefined ? (
          <p className="card chat-main chat-pick muted">{t('chat.pick')}</p>
        ) : (
          <ConversationView
            key={selected}
            id={selected}
            typing={typingIn === selected}
            onTyping={sendTyping}
            canned={canned.data ?? []}
            tag={tag}
          />
        )}
        {selected !== undefined && <SelectedContext id={selected} tag={tag} />}
      </div>
      {cannedOpen && <CannedDialog replies={canned.data ?? []} onCancel={() => setCannedOpen(false)} />}
    </section>
  );
}

/** The context panel of the selected conversation, once its history has loaded. */
function SelectedContext({ id, tag }: { id: number; tag: string }) {
  const history = useQuery({
    queryKey: historyKey(id),
    queryFn: () => boFetch<History>(`/bo/api/chat/conversations/${id}`),
  });
  const conversation = history.data?.conversation;
  return conversation ? (
    <ContextPanel key={id} conversation={conversation} tag={tag} />
  ) : (
    <aside className="card chat-context" />
  );
}
