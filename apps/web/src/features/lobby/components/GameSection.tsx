import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../shell/Icon.tsx';

/** A home section: a header with its title and an optional 'more' action, then its content. */
export function GameSection({
  id,
  title,
  icon,
  onMore,
  children,
}: {
  id: string;
  title: string;
  icon?: IconName;
  onMore?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('lobby');
  return (
    <section className="lobby-section" aria-labelledby={`section-${id}`} data-section={id}>
      <header className="lobby-section-head">
        <h2 id={`section-${id}`}>
          {icon && <Icon name={icon} size={18} />}
          {title}
        </h2>
        {onMore && (
          <button
            type="button"
            className="more-btn"
            onClick={onMore}
            aria-label={t('section.moreOf', { title })}
          >
            {t('section.more')}
            <Icon name="chevron" size={14} className="flip-rtl" />
          </button>
        )}
      </header>
      {children}
    </section>
  );
}
