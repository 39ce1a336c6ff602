import type { Announcement, LobbyNews } from '@playhouse/contract/content';
import type { InfiniteData } from '@tanstack/react-query';

export type NoticePages = InfiniteData<LobbyNews, number>;

/**
 * The pages with one notice flagged read. Every page carries the member's whole unread count, so
 * each counts one fewer when the notice was unread.
 */
export function withNoticeRead(data: NoticePages, id: number): NoticePages {
  const wasUnread = data.pages.some((page) => page.list.some((n) => n.id === id && !n.read));
  if (!wasUnread) return data;
  const flip = (n: Announcement) => (n.id === id ? { ...n, read: true } : n);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: page.list.map(flip),
      unreadCount: Math.max(0, page.unreadCount - 1),
    })),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A start date as the spec shows it: YYYY-MM-DD, in the phone's own time zone. */
export function noticeDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
