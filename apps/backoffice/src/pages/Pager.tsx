import { useTranslation } from 'react-i18next';

/** Previous/next paging for the console's tables. */
export function Pager({
  page,
  onPage,
}: {
  /** The shown page of the list; nothing is rendered until it has loaded. */
  page: { pageNo: number; totalPages: number; totalCount: number } | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!page) return null;
  const { pageNo, totalPages, totalCount } = page;
  return (
    <div className="pager">
      <span>{t('table.summary', { page: pageNo, pages: Math.max(totalPages, 1), count: totalCount })}</span>
      <button type="button" className="btn" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('table.previous')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('table.next')}
      </button>
    </div>
  );
}

/** The row a table shows when its list came back empty. */
export function EmptyRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td colSpan={colSpan} className="empty">
        {t('table.empty')}
      </td>
    </tr>
  );
}

export function formatTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}
