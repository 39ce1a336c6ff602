import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shell/Icon.tsx';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { LOBBY } from '../lobby-constants.ts';

/** The game-name search: reports the text once typing has paused for 500 ms. */
export function SearchBox({
  value,
  onSearch,
  autoFocus = false,
}: {
  value: string;
  onSearch: (name: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('lobby');
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, LOBBY.searchDebounceMs);
  useEffect(() => {
    if (settled !== value) onSearch(settled);
    // Only a settled change of the text searches; a reset from outside must not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <label className="search-box">
      <Icon name="search" size={18} />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        enterKeyHint="search"
        maxLength={64}
        autoFocus={autoFocus}
      />
      {text && (
        <button
          type="button"
          className="icon-btn icon-btn-sm"
          aria-label={t('search.clear')}
          onClick={() => setText('')}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </label>
  );
}
