import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_ACTIONS, BANNER_TYPES } from '@playhouse/contract/content';
import { findLanguage, LANGUAGES } from '@playhouse/contract/languages';
import { ApiError, boFetch } from '../api.ts';
import { sanitizeHtml } from '../sanitize-html.ts';
import { EmptyRow, formatTime } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './money.css';
import './members.css';

interface BoBanner {
  id: number;
  url: string;
  groupName: string;
  title: string;
  sequence: number;
  width: number;
  height: number;
  actionType: (typeof BANNER_ACTIONS)[number];
  actionTarget: string;
  startDate: number;
  endDate: number | null;
  enabled: boolean;
}
interface BoAnnouncement {
  id: number;
  type: 'PL' | 'PU' | 'PR' | 'H' | 'A';
  title: string;
  content: string;
  language: string | null;
  startDate: number;
  endDate: number | null;
  imageUrl: string | null;
  width: number;
  height: number;
  sequence: number;
  categoryIds: number[];
  enabled: boolean;
}

const TABS = ['banners', 'floating', 'notices', 'popups'] as const;
type Tab = (typeof TABS)[number];
/** Floating promotions are the two popup banner groups; every other group is a carousel. */
const FLOATING = ['m_popup', 'm_popup2'];
const CAROUSEL_GROUPS = [
  'm_game',
  ...BANNER_TYPES.flatMap((type) => LANGUAGES.map((l) => `m_${type}_${l.code}`)),
];

/** `<input type=datetime-local>` text in the browser's time zone, and back to epoch ms. */
const toLocal = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (text: string) => (text ? new Date(text).getTime() : null);

function Field({
  label,
  children,
  errors,
}: {
  label: string;
  children: ReactNode;
  errors?: string[] | undefined;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {errors && <small className="field-error">{errors.join(', ')}</small>}
    </label>
  );
}

/** The player's phone as it shows the item: the banner image, or the notice or popup with its HTML. */
function PhonePreview({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <figure className="phone-preview" aria-label={t('contentBo.preview')}>
      <figcaption>{t('contentBo.preview')}</figcaption>
      <div className="phone-screen">{children}</div>
    </figure>
  );
}

function scheduleLabel(
  t: (k: string, o?: Record<string, unknown>) => string,
  tag: string,
  item: { startDate: number; endDate: number | null; enabled: boolean },
) {
  if (!item.enabled) return t('contentBo.off');
  const now = Date.now();
  if (item.startDate > now) return t('contentBo.startsAt', { time: formatTime(item.startDate, tag) });
  if (item.endDate !== null && item.endDate <= now) return t('contentBo.ended');
  return item.endDate === null
    ? t('contentBo.live')
    : t('contentBo.liveUntil', { time: formatTime(item.endDate, tag) });
}

function BannerEditor({
  banner,
  floating,
  onDone,
}: {
  banner: BoBanner | null;
  floating: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    groupName: banner?.groupName ?? (floating ? 'm_popup' : 'm_game'),
    title: banner?.title ?? '',
    url: banner?.url ?? '',
    sequence: banner?.sequence ?? 0,
    width: banner?.width ?? (floating ? 120 : 750),
    height: banner?.height ?? (floating ? 120 : 300),
    actionType: banner?.actionType ?? 'NONE',
    actionTarget: banner?.actionTarget ?? '',
    start: toLocal(banner?.startDate ?? null),
    end: toLocal(banner?.endDate ?? null),
    enabled: banner?.enabled ?? true,
  });
  const save = useMutation({
    mutationFn: () => {
      const { start, end, ...rest } = draft;
      const body = {
        ...rest,
        ...(start ? { startDate: fromLocal(start) } : {}),
        endDate: fromLocal(end),
      };
      return banner
        ? boFetch(`/bo/api/content/banners/${banner.id}`, { method: 'PUT', body })
        : boFetch('/bo/api/content/banners', { method: 'POST', body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['content-banners'] });
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const groups = floating ? FLOATING : CAROUSEL_GROUPS;
  return (
    <form
      className="card section content-editor"
      aria-label={t(banner ? 'contentBo.editBanner' : 'contentBo.newBanner')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="content-editor-fields">
        <h2>{t(banner ? 'contentBo.editBanner' : 'contentBo.newBanner')}</h2>
        <Field label={t('contentBo.group')} errors={fields.groupName}>
          <select value={draft.groupName} onChange={(e) => set('groupName', e.target.value)}>
            {groups.map((g) => (
              <option key={g} value={g}>
                {groupLabel(t, g)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('contentBo.title')} errors={fields.title}>
          <input
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            required
            maxLength={120}
            dir="auto"
          />
        </Field>
        <Field label={t('contentBo.image')} errors={fields.url}>
          <input
            value={draft.url}
            onChange={(e) => set('url', e.target.value)}
            required
            placeholder="https://… or /lgw/art/…"
            dir="ltr"
          />
        </Field>
        <div className="grid-2">
          <Field label={t('contentBo.action')} errors={fields.actionType}>
            <select
              value={draft.actionType}
              onChange={(e) => set('actionType', e.target.value as BoBanner['actionType'])}
            >
              {BANNER_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`contentBo.actions.${a}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('contentBo.actionTarget')} errors={fields.actionTarget}>
            <input
              value={draft.actionTarget}
              onChange={(e) => set('actionTarget', e.target.value)}
              disabled={draft.actionType === 'NONE'}
              dir="ltr"
            />
          </Field>
          <Field label={t('contentBo.start')} errors={fields.startDate}>
            <input type="datetime-local" value={draft.start} onChange={(e) => set('start', e.target.value)} />
          </Field>
          <Field label={t('contentBo.end')} errors={fields.endDate}>
            <input type="datetime-local" value={draft.end} onChange={(e) => set('end', e.target.value)} />
          </Field>
          <Field label={t('contentBo.sequence')} errors={fields.sequence}>
            <input
              type="number"
              min={0}
              value={draft.sequence}
              onChange={(e) => set('sequence', Number(e.target.value))}
            />
          </Field>
          <Field label={t('contentBo.size')} errors={fields.width ?? fields.height}>
            <span className="size-inputs">
              <input
                type="number"
                min={1}
                aria-label={t('contentBo.width')}
                value={draft.width}
                onChange={(e) => set('width', Number(e.target.value))}
              />
              ×
              <input
                type="number"
                min={1}
                aria-label={t('contentBo.height')}
                value={draft.height}
                onChange={(e) => set('height', Number(e.target.value))}
              />
            </span>
          </Field>
        </div>
        <label className="toggle">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          <span>{t('contentBo.enabled')}</span>
        </label>
        {save.error && !Object.keys(fields).length && <p className="alert">{save.error.message}</p>}
        <div className="actions">
          <button type="button" className="btn" onClick={onDone}>
            {t('contentBo.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('contentBo.publish')}
          </button>
        </div>
      </div>
      <PhonePreview>
        {floating ? (
          <div className="preview-floating">
            {draft.url && <img src={draft.url} alt={draft.title} width={Math.min(draft.width, 120)} />}
          </div>
        ) : (
          <div className="preview-banner" style={{ aspectRatio: `${draft.width} / ${draft.height}` }}>
            {draft.url && <img src={draft.url} alt={draft.title} />}
          </div>
        )}
      </PhonePreview>
    </form>
  );
}

function groupLabel(t: (k: string, o?: Record<string, unknown>) => string, group: string) {
  if (group === 'm_game') return t('contentBo.groups.home');
  if (group === 'm_popup') return t('contentBo.groups.floatingStart');
  if (group === 'm_popup2') return t('contentBo.groups.floatingEnd');
  const [, type = '', language = ''] = /^m_([a-z]+)_?(.*)$/.exec(group) ?? [];
  return t('contentBo.groups.typed', {
    type: t(`contentBo.bannerTypes.${type}`, { defaultValue: type }),
    language: findLanguage(language)?.name ?? language,
  });
}

function AnnouncementEditor({
  item,
  popup,
  onDone,
}: {
  item: BoAnnouncement | null;
  popup: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    type: item?.type ?? (popup ? 'PU' : 'PL'),
    title: item?.title ?? '',
    content: item?.content ?? '',
    language: item?.language ?? '',
    start: toLocal(item?.startDate ?? null),
    end: toLocal(item?.endDate ?? null),
    imageUrl: item?.imageUrl ?? '',
    width: item?.width ?? (popup ? 600 : 0),
    height: item?.height ?? (popup ? 800 : 0),
    sequence: item?.sequence ?? 0,
    enabled: item?.enabled ?? true,
  });
  const save = useMutation({
    mutationFn: () => {
      const { start, end, language, imageUrl, ...rest } = draft;
      const body = {
        ...rest,
        language: language || null,
        imageUrl: imageUrl || null,
        categoryIds: item?.categoryIds ?? [],
        ...(start ? { startDate: fromLocal(start) } : {}),
        endDate: fromLocal(end),
      };
      return item
        ? boFetch(`/bo/api/content/announcements/${item.id}`, { method: 'PUT', body })
        : boFetch('/bo/api/content/announcements', { method: 'POST', body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['content-announcements'] });
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const types = popup ? (['PU'] as const) : (['PL', 'A', 'H', 'PR'] as const);
  return (
    <form
      className="card section content-editor"
      aria-label={t(item ? 'contentBo.editNotice' : 'contentBo.newNotice')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="content-editor-fields">
        <h2>{t(item ? 'contentBo.editNotice' : 'contentBo.newNotice')}</h2>
        <div className="grid-2">
          <Field label={t('contentBo.kind')} errors={fields.type}>
            <select
              value={draft.type}
              onChange={(e) => set('type', e.target.value as BoAnnouncement['type'])}
            >
              {types.map((x) => (
                <option key={x} value={x}>
                  {t(`contentBo.types.${x}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('contentBo.language')} errors={fields.language}>
            <select value={draft.language} onChange={(e) => set('language', e.target.value)}>
              <option value="">{t('contentBo.allLanguages')}</option>
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.tag}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={t('contentBo.title')} errors={fields.title}>
          <input
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            required
            maxLength={200}
            dir="auto"
          />
        </Field>
        <Field label={t('contentBo.html')} errors={fields.content}>
          <textarea
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
            rows={6}
            dir="auto"
            className="mono"
          />
          <small className="hint">{t('contentBo.htmlHint')}</small>
        </Field>
        {popup && (
          <Field label={t('contentBo.image')} errors={fields.imageUrl}>
            <input value={draft.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} dir="ltr" />
          </Field>
        )}
        <div className="grid-2">
          <Field label={t('contentBo.start')} errors={fields.startDate}>
            <input type="datetime-local" value={draft.start} onChange={(e) => set('start', e.target.value)} />
          </Field>
          <Field label={t('contentBo.end')} errors={fields.endDate}>
            <input type="datetime-local" value={draft.end} onChange={(e) => set('end', e.target.value)} />
          </Field>
          <Field label={t('contentBo.sequence')} errors={fields.sequence}>
            <input
              type="number"
              min={0}
              value={draft.sequence}
              onChange={(e) => set('sequence', Number(e.target.value))}
            />
          </Field>
        </div>
        <label className="toggle">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          <span>{t('contentBo.enabled')}</span>
        </label>
        {save.error && !Object.keys(fields).length && <p className="alert">{save.error.message}</p>}
        <div className="actions">
          <button type="button" className="btn" onClick={onDone}>
            {t('contentBo.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('contentBo.publish')}
          </button>
        </div>
      </div>
      <PhonePreview>
        <div className={popup ? 'preview-popup' : 'preview-notice'}>
          {popup && draft.imageUrl && <img src={draft.imageUrl} alt="" />}
          <h3 dir="auto">{draft.title}</h3>
          {/* Operator HTML, cleaned here as the server cleans it on save. */}
          <div
            dir="auto"
            className="preview-html"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(draft.content) }}
          />
        </div>
      </PhonePreview>
    </form>
  );
}

/**
 * Lobby content: carousel banners of every group and language, floating promotions, notices and
 * announcements, and login popups, each with its schedule, what a tap does, and a phone-size preview
 * of the player's screen. HTML is cleaned before the preview shows it and again by the server on save.
 */
export default function ContentPage() {
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const canWrite = useStaffRole().can('content.write');
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('banners');
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [group, setGroup] = useState('');
  const banners = useQuery({
    queryKey: ['content-banners'],
    queryFn: () => boFetch<BoBanner[]>('/bo/api/content/banners'),
  });
  const announcements = useQuery({
    queryKey: ['content-announcements'],
    queryFn: () => boFetch<BoAnnouncement[]>('/bo/api/content/announcements'),
  });
  const remove = useMutation({
    mutationFn: (what: { kind: 'banners' | 'announcements'; id: number }) =>
      boFetch(`/bo/api/content/${what.kind}/${what.id}`, { method: 'DELETE' }),
    onSuccess: () =>
      void queryClient
        .invalidateQueries({ queryKey: ['content-banners'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['content-announcements'] })),
  });
  const isBannerTab = tab === 'banners' || tab === 'floating';
  const bannerRows = (banners.data ?? [])
    .filter((b) => (tab === 'floating' ? FLOATING.includes(b.groupName) : !FLOATING.includes(b.groupName)))
    .filter((b) => !group || b.groupName === group)
    .sort((a, b) => a.groupName.localeCompare(b.groupName) || a.sequence - b.sequence);
  const noticeRows = (announcements.data ?? []).filter((a) =>
    tab === 'popups' ? a.type === 'PU' : a.type !== 'PU',
  );
  const error = banners.error ?? announcements.error ?? remove.error;
  const usedGroups = [...new Set((banners.data ?? []).map((b) => b.groupName))]
    .filter((g) => !FLOATING.includes(g))
    .sort();
  return (
    <section>
      <div className="page-head">
        <h1>{t('contentBo.pageTitle')}</h1>
        {canWrite && !editing && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ id: null })}>
            {t(isBannerTab ? 'contentBo.newBanner' : 'contentBo.newNotice')}
          </button>
        )}
      </div>
      <div className="tabs member-tabs" role="tablist" aria-label={t('contentBo.pageTitle')}>
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            onClick={() => {
              setTab(x);
              setEditing(null);
            }}
          >
            {t(`contentBo.tabs.${x}`)}
          </button>
        ))}
      </div>
      {error && <p className="alert">{error.message}</p>}
      {editing && isBannerTab && (
        <BannerEditor
          key={editing.id ?? 'new'}
          banner={bannerRows.find((b) => b.id === editing.id) ?? null}
          floating={tab === 'floating'}
          onDone={() => setEditing(null)}
        />
      )}
      {editing && !isBannerTab && (
        <AnnouncementEditor
          key={editing.id ?? 'new'}
          item={noticeRows.find((a) => a.id === editing.id) ?? null}
          popup={tab === 'popups'}
          onDone={() => setEditing(null)}
        />
      )}
      {tab === 'banners' && (
        <label className="field narrow">
          <span>{t('contentBo.group')}</span>
          <select value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">{t('contentBo.allGroups')}</option>
            {usedGroups.map((g) => (
              <option key={g} value={g}>
                {groupLabel(t, g)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="table-scroll">
        <table className="table stack-narrow content-table">
          <thead>
            <tr>
              <th>{t('contentBo.title')}</th>
              <th>{isBannerTab ? t('contentBo.group') : t('contentBo.kind')}</th>
              <th>{t('contentBo.schedule')}</th>
              <th>{isBannerTab ? t('contentBo.action') : t('contentBo.language')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {isBannerTab &&
              bannerRows.map((b) => (
                <tr key={b.id}>
                  <td data-label={t('contentBo.title')}>
                    <span className="content-title">
                      <img src={b.url} alt="" className="content-thumb" loading="lazy" />
                      <bdi>{b.title}</bdi>
                    </span>
                  </td>
                  <td data-label={t('contentBo.group')}>
                    <span>{groupLabel(t, b.groupName)}</span>
                  </td>
                  <td data-label={t('contentBo.schedule')}>
                    <span>{scheduleLabel(t, tag, b)}</span>
                  </td>
                  <td data-label={t('contentBo.action')}>
                    <span>
                      {t(`contentBo.actions.${b.actionType}`)}
                      {b.actionTarget && <span className="mono"> {b.actionTarget}</span>}
                    </span>
                  </td>
                  <td>
                    <div className="row-actions">
                      {canWrite && (
                        <>
                          <button type="button" className="btn" onClick={() => setEditing({ id: b.id })}>
                            {t('contentBo.edit')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-danger"
                            onClick={() => remove.mutate({ kind: 'banners', id: b.id })}
                          >
                            {t('contentBo.delete')}
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            {!isBannerTab &&
              noticeRows.map((a) => (
                <tr key={a.id}>
                  <td data-label={t('contentBo.title')}>
                    <bdi>{a.title}</bdi>
                  </td>
                  <td data-label={t('contentBo.kind')}>
                    <span>{t(`contentBo.types.${a.type}`)}</span>
                  </td>
                  <td data-label={t('contentBo.schedule')}>
                    <span>{scheduleLabel(t, tag, a)}</span>
                  </td>
                  <td data-label={t('contentBo.language')}>
                    <span>
                      {a.language
                        ? (findLanguage(a.language)?.name ?? a.language)
                        : t('contentBo.allLanguages')}
                    </span>
                  </td>
                  <td>
                    <div className="row-actions">
                      {canWrite && (
                        <>
                          <button type="button" className="btn" onClick={() => setEditing({ id: a.id })}>
                            {t('contentBo.edit')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-danger"
                            onClick={() => remove.mutate({ kind: 'announcements', id: a.id })}
                          >
                            {t('contentBo.delete')}
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            {(isBannerTab ? bannerRows : noticeRows).length === 0 && (banners.data || announcements.data) && (
              <EmptyRow colSpan={5} />
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
