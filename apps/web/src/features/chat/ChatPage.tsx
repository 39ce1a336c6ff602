import { CHAT_TEXT_MAX, GuestStartSchema, type ChatMessage } from '@playhouse/contract/chat';
import type { LiveEvent } from '@playhouse/contract/live';
import { findLanguage } from '@playhouse/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UploadedImage } from '../../components/upload/UploadedImage.tsx';
import { ApiError } from '../../lib/api.ts';
import { IMAGE_ACCEPT, checkImageFile } from '../../lib/image-file.ts';
import { STORAGE, readString, writeString } from '../../lib/storage.ts';
import { CHAT_UNREAD_KEY, useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { showToast } from '../../shell/toast.tsx';
import {
  chatKey,
  markChatRead,
  startGuestChat,
  useChatHistory,
  useRateChat,
  useSendChat,
  withMessage,
  type ChatParty,
  type ChatState,
} from './api.ts';
import { useChatSocket } from './use-chat-socket.ts';
import './chat.css';

/** How long "typing…" shows after the operator's last keystroke signal. */
const TYPING_SHOWN_MS = 5000;

const failed = (error: unknown) => {
  if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
  else throw error;
};

/** A guest's contact form: a name and a phone or e-mail, then the chat opens. */
function GuestForm({ onStarted }: { onStarted: (token: string) => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const parsed = GuestStartSchema.safeParse({ name, contact });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || busy) return;
    setBusy(true);
    try {
      const started = await startGuestChat(parsed.data);
      onStarted(started.guestToken);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const problem = (field: 'name' | 'contact') =>
    touched && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field);
  return (
    <form className="chat-guest" onSubmit={(e) => void submit(e)} noValidate>
      <span className="chat-guest-icon" aria-hidden="true">
        <Icon name="headset" size={30} />
      </span>
      <p className="chat-guest-intro">{t('guest.intro')}</p>
      <label className="chat-label" htmlFor={`${id}-name`}>
        {t('guest.name')}
      </label>
      <input
        id={`${id}-name`}
        className="chat-field"
        autoComplete="name"
        dir="auto"
        maxLength={60}
        value={name}
        aria-invalid={problem('name') || undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {problem('name') && <p className="chat-field-error">{t('guest.nameRequired')}</p>}
      <label className="chat-label" htmlFor={`${id}-contact`}>
        {t('guest.contact')}
      </label>
      <input
        id={`${id}-contact`}
        className="chat-field"
        autoComplete="email"
        dir="ltr"
        maxLength={120}
        value={contact}
        aria-invalid={problem('contact') || undefined}
        onChange={(e) => setContact(e.target.value)}
      />
      {problem('contact') && <p className="chat-field-error">{t('guest.contactRequired')}</p>}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('guest.start')}
      </button>
      <Link to="/m/login" className="chat-guest-login">
        {t('guest.signIn')}
      </Link>
    </form>
  );
}

function Bubble({
  message,
  mine,
  read,
  locale,
}: {
  message: ChatMessage;
  mine: boolean;
  read: boolean;
  locale: string;
}) {
  const { t } = useTranslation('chat');
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(message.createdAt);
  return (
    <li className={`chat-row ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-message">
      <div className="chat-bubble">
        {!mine && message.staffName && <span className="chat-author">{message.staffName}</span>}
        {message.uploadId ? (
          <UploadedImage uploadId={message.uploadId} alt={t('image')} />
        ) : (
          <p dir="auto">{message.text}</p>
        )}
        <span className="chat-meta">
          <time dateTime={new Date(message.createdAt).toISOString()}>{time}</time>
          {mine && (
            <span className={`chat-receipt${read ? ' is-read' : ''}`} data-testid="chat-receipt">
              {read ? t('read') : t('sent')}
            </span>
          )}
        </span>
      </div>
    </li>
  );
}

/** Stars 1–5 and an optional comment, once the operator has closed the chat. */
function Rating({ party }: { party: ChatParty }) {
  const { t } = useTranslation('chat');
  const rate = useRateChat(party);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <form
      className="chat-rating"
      onSubmit={(e) => {
        e.preventDefault();
        if (stars === 0) return;
        rate.mutate(
          { rating: stars, ...(comment.trim() ? { comment: comment.trim() } : {}) },
          { onError: failed },
        );
      }}
    >
      <p className="chat-rating-title">{t('rate.title')}</p>
      <div className="chat-stars" role="radiogroup" aria-label={t('rate.title')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={stars === n}
            aria-label={t('rate.star', { value: n })}
            className={`chat-star${n <= stars ? ' is-on' : ''}`}
            onClick={() => setStars(n)}
          >
            <Icon name="star" size={28} />
          </button>
        ))}
      </div>
      <textarea
        className="chat-field chat-rating-comment"
        dir="auto"
        rows={2}
        maxLength={500}
        placeholder={t('rate.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={stars === 0 || rate.isPending}>
        {t('rate.submit')}
      </button>
    </form>
  );
}

/** The conversation: history, typing, read receipts, composer with image, and the rating at the end. */
function Conversation({ party, onEnded }: { party: ChatParty; onEnded: () => void }) {
  const { t, i18n } = useTranslation(['chat', 'pay']);
  const queryClient = useQueryClient();
  const history = useChatHistory(party);
  const send = useSendChat(party);
  const [text, setText] = useState('');
  const [typing, setTyping] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const list = useRef<HTMLOListElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const readSent = useRef(0);
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const key = chatKey(party);

  const update = (change: (old: ChatState) => ChatState) =>
    queryClient.setQueryData<ChatState>(key, (old) => (old ? change(old) : old));

  const handle = (event: LiveEvent) => {
    const state = queryClient.getQueryData<ChatState>(key);
    const current = state?.conversation?.id;
    switch (event.type) {
      case 'ready':
        // Catch up on whatever was said while the socket was down.
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      case 'chat':
        if (event.message.conversationId !== current) {
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        if (event.message.sender === 'staff') setTyping(null);
        queryClient.setQueryData<ChatState>(key, (old) => withMessage(old, event.message));
        return;
      case 'chatTyping':
        if (event.from !== 'staff' || event.conversationId !== current) return;
        setTyping(state?.conversation?.staffName ?? '');
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
        return;
      case 'chatRead':
        if (event.conversationId !== current) return;
        update((old) => ({
          ...old,
          conversation: old.conversation && {
            ...old.conversation,
            ...(event.side === 'staff'
              ? { staffReadId: Math.max(old.conversation.staffReadId, event.lastId) }
              : { memberReadId: Math.max(old.conversation.memberReadId, event.lastId) }),
          },
        }));
        return;
      case 'chatConversation':
        if (current !== undefined && event.conversation.id !== current) return;
        update((old) => ({ ...old, conversation: event.conversation }));
        return;
      default:
        return;
    }
  };
  const sendTyping = useChatSocket(party, handle);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const data = history.data;
  const conversation = data?.conversation ?? null;
  const messages = data?.messages ?? [];
  const lastStaff = messages.reduce((max, m) => (m.sender === 'staff' && m.id > max ? m.id : max), 0);

  // Read receipts: what reached this page while it is shown counts as read.
  useEffect(() => {
    if (!conversation || lastStaff <= Math.max(conversation.memberReadId, readSent.current)) return;
    if (document.visibilityState !== 'visible') return;
    readSent.current = lastStaff;
    markChatRead(party, lastStaff).then(
      () => void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY }),
      () => (readSent.current = 0),
    );
  }, [conversation, lastStaff, party, queryClient]);

  // A guest whose token is no longer known (the conversation was removed): back to the form.
  const guestGone =
    party.kind === 'guest' && history.error instanceof ApiError && history.error.code === 'NOT_LOGGED_IN';
  useEffect(() => {
    if (guestGone) onEnded();
  }, [guestGone, onEnded]);

  // Newest at the bottom, in view.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing, conversation?.status]);

  if (history.isPending) return <div className="chat-skeleton" aria-hidden="true" />;
  if (history.isError) {
    if (guestGone) return null;
    return (
      <button type="button" className="empty-state chat-retry" onClick={() => void history.refetch()}>
        <Icon name="refresh" size={28} />
        <span>{t('loadFailed')}</span>
      </button>
    );
  }

  const closed = conversation?.status === 'CLOSED';
  const guestEnded = party.kind === 'guest' && closed;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || send.isPending) return;
    send.mutate({ text: value }, { onSuccess: () => setText(''), onError: failed });
  };
  const pick = async (picked: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!picked) return;
    const problem = await checkImageFile(picked);
    if (problem) {
      showToast(t(`pay:upload.problem.${problem}`), { kind: 'error' });
      return;
    }
    send.mutate({ file: picked }, { onError: failed });
  };

  return (
    <>
      <p className="chat-status" data-testid="chat-status">
        {!conversation || conversation.status === 'WAITING'
          ? t('status.waiting')
          : conversation.status === 'OPEN'
            ? t('status.open', { name: conversation.staffName ?? '' })
            : t('status.closed')}
      </p>
      <ol className="chat-messages" ref={list} aria-live="polite">
        {messages.length === 0 && <li className="chat-empty">{t('empty')}</li>}
        {messages.map((m) => {
          const mine = m.sender === 'member' || m.sender === 'guest';
          return (
            <Bubble
              key={m.id}
              message={m}
              mine={mine}
              read={mine && (conversation?.staffReadId ?? 0) >= m.id}
              locale={locale}
            />
          );
        })}
        {typing !== null && (
          <li className="chat-typing" data-testid="chat-typing">
            <span className="chat-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {typing ? t('typingNamed', { name: typing }) : t('typing')}
          </li>
        )}
      </ol>
      {closed && conversation.rating === null && <Rating party={party} />}
      {closed && conversation.rating !== null && <p className="chat-thanks">{t('rate.thanks')}</p>}
      {guestEnded ? (
        <button type="button" className="btn btn-primary btn-block chat-new" onClick={onEnded}>
          {t('newChat')}
        </button>
      ) : (
        <form className="chat-composer" onSubmit={submit}>
          {party.kind === 'member' && (
            <>
              <input
                ref={file}
                type="file"
                accept={IMAGE_ACCEPT}
                hidden
                data-testid="chat-file"
                onChange={(e) => void pick(e.target.files?.[0])}
              />
              <button
                type="button"
                className="icon-btn chat-attach"
                aria-label={t('attach')}
                disabled={send.isPending}
                onClick={() => file.current?.click()}
              >
                <Icon name="image" size={22} />
              </button>
            </>
          )}
          <textarea
            className="chat-input"
            dir="auto"
            rows={1}
            maxLength={CHAT_TEXT_MAX}
            aria-label={t('placeholder')}
            placeholder={closed ? t('placeholderNew') : t('placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              sendTyping();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
            }}
          />
          <button
            type="submit"
            className="chat-send"
            aria-label={t('send')}
            disabled={!text.trim() || send.isPending}
          >
            <Icon name="send" size={20} className="flip-rtl" />
          </button>
        </form>
      )}
    </>
  );
}

/**
 * /m/chat (spec §7 CBS_launchChat's chatUrl; decision 025): live chat with customer service. A member
 * chats as themselves; a visitor who is not signed in leaves a name and a contact first. The address
 * may carry the caller's title and header colour.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const session = useSession();
  const [params] = useSearchParams();
  const [guestToken, setGuestToken] = useState(() => readString(STORAGE.chatGuest));
  const headerColor = params.get('headerColor');
  const title = params.get('title') || t('title');

  const party: ChatParty | undefined = session
    ? { kind: 'member', userName: session.userName }
    : guestToken
      ? { kind: 'guest', token: guestToken }
      : undefined;
  const forgetGuest = () => {
    writeString(STORAGE.chatGuest, null);
    setGuestToken(null);
  };

  return (
    <div className="chat-page">
      <div
        className="chat-head"
        style={headerColor && /^#[0-9a-f]{3,8}$/i.test(headerColor) ? { background: headerColor } : undefined}
      >
        <Icon name="headset" size={22} />
        <h1>{title}</h1>
      </div>
      {party ? (
        <Conversation
          key={party.kind === 'member' ? `m:${party.userName}` : `g:${party.token}`}
          party={party}
          onEnded={forgetGuest}
        />
      ) : (
        <GuestForm
          onStarted={(token) => {
            writeString(STORAGE.chatGuest, token);
            setGuestToken(token);
          }}
        />
      )}
    </div>
  );
}
