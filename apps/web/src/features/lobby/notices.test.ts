import type { Announcement, LobbyNews } from '@playhouse/contract/content';
import { describe, expect, it } from 'vitest';
import { noticeDate, withNoticeRead, type NoticePages } from './notices.ts';

const notice = (id: number, read: boolean): Announcement => ({
  id,
  type: 'PL',
  title: `Notice ${id}`,
  content: '<p>x</p>',
  preview: 'x',
  startDate: 0,
  endDate: null,
  read,
});
const page = (list: Announcement[], pageNum: number): LobbyNews => ({
  list,
  pageNum,
  totalPages: 2,
  totalCount: 4,
  unreadCount: 3,
});
const pages = (): NoticePages => ({
  pages: [page([notice(1, false), notice(2, true)], 1), page([notice(3, false), notice(4, false)], 2)],
  pageParams: [1, 2],
});

describe('withNoticeRead', () => {
  it('flags only the named notice read and counts one fewer unread', () => {
    const next = withNoticeRead(pages(), 3);
    expect(next.pages.flatMap((p) => p.list.map((n) => [n.id, n.read]))).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([2, 2]);
    expect(next.pageParams).toEqual([1, 2]);
  });

  it('changes nothing for a notice already read or not listed', () => {
    const before = pages();
    expect(withNoticeRead(before, 2)).toBe(before);
    expect(withNoticeRead(before, 99)).toBe(before);
  });
});

describe('noticeDate', () => {
  it('writes the local date as YYYY-MM-DD with padded month and day', () => {
    expect(noticeDate(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
    expect(noticeDate(new Date(2026, 10, 24).getTime())).toBe('2026-11-24');
  });
});
