import { useTranslation } from 'react-i18next';

/** Previous/next paging for the console's tables. */
export function Pager({
  pageNo,
  totalPages,
  totalCount,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  totalCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
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

export function formatTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}
