import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../shell/Icon.tsx';
import { helpTabs, pickHelp, useHelpCenter, type HelpItem, type HelpTab } from './api.ts';
import './help.css';

const detailHref = (tab: HelpTab, c: number) => `/m/helpDetail?tag=${encodeURIComponent(tab.tag)}&c=${c}`;

/** The operator's HTML, sanitised by the server on save and on serving; its own text direction. */
function HelpBody({ item }: { item: HelpItem }) {
  return <div className="help-body" dir="auto" dangerouslySetInnerHTML={{ __html: item.content }} />;
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('help');
  return (
    <section className="empty-state" role="alert">
      <Icon name="refresh" size={40} />
      <p>{t('help.loadFailed')}</p>
      <button type="button" className="btn btn-primary" onClick={retry}>
        {t('help.retry')}
      </button>
    </section>
  );
}

/**
 * /m/help and /m/helpDetail (spec §2 "Help centre"): tabbed topics, the tab chosen by `tag` or `i`
 * and a topic by `c`. The list shows each tab's topics; the detail one topic with its HTML.
 */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const help = useHelpCenter();
  const detail = pathname.toLowerCase().endsWith('/helpdetail');

  if (help.isPending) return <div className="page-loader" aria-hidden="true" />;
  if (help.isError) return <LoadFailed retry={() => void help.refetch()} />;
  const tabs = helpTabs(help.data.items);
  if (!tabs.length)
    return (
      <section className="empty-state">
        <Icon name="headset" size={40} />
        <p>{t('help.empty')}</p>
      </section>
    );
  const { tab: current, item } = pickHelp(tabs, params);
  const tab = tabs[current]!;

  if (detail) {
    const shown = item === undefined ? undefined : tab.items[item];
    return (
      <section className="help-page">
        {shown ? (
          <article className="help-article">
            <p className="help-crumb" dir="auto">
              {tab.title}
            </p>
            <h1 className="help-title" dir="auto">
              {shown.title}
            </h1>
            <HelpBody item={shown} />
          </article>
        ) : (
          <p className="empty-state">{t('help.notFound')}</p>
        )}
        <Link className="btn btn-ghost btn-block" to={`/m/help?tag=${encodeURIComponent(tab.tag)}`}>
          {t('help.back')}
        </Link>
      </section>
    );
  }

  return (
    <section className="help-page">
      <div className="help-tabs" role="tablist" aria-label={t('help.tabs')}>
        {tabs.map((each, i) => (
          <button
            key={each.tag}
            type="button"
            role="tab"
            id={`help-tab-${each.tag}`}
            aria-selected={i === current}
            aria-controls="help-panel"
            className={i === current ? 'active' : undefined}
            onClick={() => setParams({ tag: each.tag }, { replace: true })}
          >
            {each.title}
          </button>
        ))}
      </div>
      <div id="help-panel" role="tabpanel" aria-labelledby={`help-tab-${tab.tag}`}>
        <ul className="help-list">
          {tab.items.map((each, c) => (
            <li key={each.id} className={c === item ? 'is-open' : undefined}>
              <Link className="help-item" to={detailHref(tab, c)}>
                <span dir="auto">{each.title}</span>
                <Icon name="chevron" size={16} className="flip-rtl" />
              </Link>
              {c === item && <HelpBody item={each} />}
            </li>
          ))}
        </ul>
      </div>
      <p className="help-contact">{t('help.contact')}</p>
    </section>
  );
}
