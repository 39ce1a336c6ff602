import type { Announcement } from '@playhouse/contract/content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../../shell/Icon.tsx';
import { LobbyEmpty } from '../components/EmptyState.tsx';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.ts';
import { useMarkNoticeRead, useNotices } from '../hooks/use-notices.ts';
import { noticeDate } from '../notices.ts';
import '../lobby.css';

function NoticeDate({ notice }: { notice: Announcement }) {
  const date = noticeDate(notice.startDate);
  return (
    <time className="notice-date" dateTime={date}>
      {date}
    </time>
  );
}

function UnreadDot({ notice }: { notice: Announcement }) {
  const { t } = useTranslation('lobby');
  if (notice.read) return null;
  return <span className="notice-dot" role="img" aria-label={t('notices.unread')} />;
}

/**
 * The announcement's HTML; the server sanitises it when an operator saves it. Operators' text runs in
 * its own direction (dir="auto"), whatever the page's: an English notice on an Arabic page reads left
 * to right.
 */
function NoticeBody({ notice, id }: { notice: Announcement; id?: string }) {
  return (
    <div id={id} className="notice-body" dir="auto" dangerouslySetInnerHTML={{ __html: notice.content }} />
  );
}

/** One notice of the list: title, date and a preview; tapping shows the whole announcement. */
function NoticeItem({
  notice,
  expanded,
  onToggle,
}: {
  notice: Announcement;
  expanded: boolean;
  onToggle: () => void;
}) {
  const bodyId = `notice-${notice.id}`;
  return (
    <li className={`notice${notice.read ? '' : ' is-unread'}`}>
      <button
        type="button"
        className="notice-head"
        aria-expanded={expanded}
        aria-controls={expanded ? bodyId : undefined}
        onClick={onToggle}
      >
        <span className="notice-title" dir="auto">
          <UnreadDot notice={notice} />
          {notice.title}
        </span>
        <NoticeDate notice={notice} />
        <Icon name="chevron" size={16} className={expanded ? 'rot-90' : 'flip-rtl'} />
      </button>
      {expanded ? (
        <NoticeBody notice={notice} id={bodyId} />
      ) : (
        notice.preview && (
          <p className="notice-preview" dir="auto">
            {notice.preview}
          </p>
        )
      )}
    </li>
  );
}

function NoticeSkeleton() {
  return (
    <ul className="notice-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="notice skeleton notice-placeholder" />
      ))}
    </ul>
  );
}

/**
 * /m/notice and /m/noticeDetail?id= (spec §2 Notice): the announcement list, each item opening to
 * its full text, or one announcement on its own. Opening an unread one marks it read.
 */
export default function NoticePage() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const detailId = pathname.endsWith('/noticeDetail') ? Number(params.get('id')) : undefined;
  const notices = useNotices();
  const markRead = useMarkNoticeRead();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const all = notices.data?.pages.flatMap((page) => page.list) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notices;
  const sentinel = useInfiniteScroll(
    () => void fetchNextPage(),
    detailId === undefined && hasNextPage && !isFetchingNextPage,
  );

  const detail = detailId === undefined ? undefined : all.find((n) => n.id === detailId);
  // An announcement asked for by id may be on a later page than those loaded; an id that is no
  // number names none, and nothing more is fetched for it.
  const seekMore =
    detailId !== undefined && Number.isSafeInteger(detailId) && !detail && hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    if (seekMore) void fetchNextPage();
  }, [seekMore, fetchNextPage]);
  useEffect(() => {
    if (detail) markRead(detail);
  }, [detail, markRead]);

  if (notices.isPending || seekMore || (detailId !== undefined && !detail && isFetchingNextPage))
    return (
      <div className="notice-page">
        <NoticeSkeleton />
      </div>
    );
  if (notices.isError)
    return (
      <div className="notice-page">
        <button type="button" className="lobby-empty notice-retry" onClick={() => void notices.refetch()}>
          <Icon name="refresh" size={28} />
          <span>{t('notices.failed')}</span>
        </button>
      </div>
    );

  if (detailId !== undefined)
    return (
      <div className="notice-page">
        {detail ? (
          <article className="notice notice-article">
            <h2 className="notice-title" dir="auto">
              {detail.title}
            </h2>
            <NoticeDate notice={detail} />
            <NoticeBody notice={detail} />
          </article>
        ) : (
          <LobbyEmpty icon="chat" text={t('notices.gone')} />
        )}
        <Link className="btn btn-ghost" to="/m/notice">
          {t('notices.all')}
        </Link>
      </div>
    );

  const toggle = (notice: Announcement) => {
    const next = new Set(open);
    if (next.has(notice.id)) next.delete(notice.id);
    else {
      next.add(notice.id);
      markRead(notice);
    }
    setOpen(next);
  };
  return (
    <div className="notice-page">
      {all.length === 0 ? (
        <LobbyEmpty icon="chat" text={t('ticker.none')} />
      ) : (
        <ul className="notice-list">
          {all.map((notice) => (
            <NoticeItem
              key={notice.id}
              notice={notice}
              expanded={open.has(notice.id)}
              onToggle={() => toggle(notice)}
            />
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage && <NoticeSkeleton />}
    </div>
  );
}
