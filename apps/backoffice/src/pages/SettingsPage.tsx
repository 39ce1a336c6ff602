import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@playhouse/contract/languages';
import {
  PATTERN_IDS,
  REGISTER_FIELDS,
  type OperatorSettings,
  type WhitelabelFlag,
} from '@playhouse/contract/settings';
import { OFFERED_FLAGS, SCREEN_FLAGS } from '@playhouse/contract/whitelabel-effects';
import { ApiError, boFetch } from '../api.ts';
import { diffPatch, setIn } from '../settings-diff.ts';

interface SettingsDoc {
  settings: OperatorSettings;
  version: number;
}

type Errors = Record<string, string[]>;

function errorsAt(errors: Errors, path: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
}

function FieldErrors({ errors, path }: { errors: Errors; path: string }) {
  const messages = errorsAt(errors, path);
  return messages.length ? <small className="field-error">{messages.join(', ')}</small> : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Toggle({
  label,
  checked,
  onChange,
  name,
  help,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  name: string;
  /** One line on what it does, under the label. */
  help?: string;
}) {
  const helpId = help ? `${name}-help` : undefined;
  return (
    <label className={help ? 'toggle toggle-described' : 'toggle'}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        {...(helpId ? { 'aria-describedby': helpId } : {})}
      />
      <span>
        {label}
        {help && (
          <small className="hint" id={helpId}>
            {help}
          </small>
        )}
      </span>
    </label>
  );
}

function parseLines(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A list of strings edited one per line (IP ranges, country codes). */
function LinesInput({
  value,
  onChange,
  name,
  label,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  name: string;
  label: string;
}) {
  const joined = value.join('\n');
  const [text, setText] = useState(joined);
  const [shown, setShown] = useState(joined);
  // A new value from outside (discard, saved document) replaces the text unless it is what was typed.
  if (joined !== shown) {
    setShown(joined);
    if (parseLines(text).join('\n') !== joined) setText(joined);
  }
  return (
    <textarea
      name={name}
      aria-label={label}
      rows={4}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseLines(e.target.value));
      }}
    />
  );
}

/** Social sign-in flags: one wording, the service's name in it. */
const SOCIAL_FLAGS: Partial<Record<WhitelabelFlag, string>> = {
  FACEBOOKLOGIN3: 'Facebook',
  GOOGLELOGIN3: 'Google',
  TELEGRAMLOGIN3: 'Telegram',
};

/** A flag's name in the staff member's language. */
function flagLabel(t: TFunction, flag: WhitelabelFlag): string {
  const social = SOCIAL_FLAGS[flag];
  return social ? t('settings.flagSocial.label', { name: social }) : t(`settings.flags.${flag}.label`);
}

/** One line on what a flag does on the player site. */
function flagHelp(t: TFunction, flag: WhitelabelFlag): string {
  const social = SOCIAL_FLAGS[flag];
  if (social) return t('settings.flagSocial.help', { name: social });
  return SCREEN_FLAGS.includes(flag) ? t('settings.flagHelp.screen') : t(`settings.flags.${flag}.help`);
}

/** The operator's settings document: flags, registration, site status, languages and site details. */
export function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['settings'], queryFn: () => boFetch<SettingsDoc>('/bo/api/settings') });
  const [draft, setDraft] = useState<OperatorSettings | null>(null);
  const [loaded, setLoaded] = useState<SettingsDoc | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  // Each document the server returns becomes the new draft.
  if (query.data !== loaded) {
    setLoaded(query.data);
    setDraft(query.data ? structuredClone(query.data.settings) : null);
  }

  const save = useMutation({
    mutationFn: (patch: unknown) => boFetch<SettingsDoc>('/bo/api/settings', { method: 'PUT', body: patch }),
    onSuccess: (doc) => {
      queryClient.setQueryData(['settings'], doc);
      setErrors({});
      setNotice({ kind: 'ok', text: t('settings.saved') });
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fields : {});
      setNotice({ kind: 'error', text: error.message });
    },
  });

  if (query.error) return <p className="alert">{query.error.message}</p>;
  if (!draft || !query.data) return <p className="hint">{t('table.loading')}</p>;
  const original = query.data.settings;
  const patch = diffPatch(original, draft);
  const set = (path: string, value: unknown) => {
    setDraft((d) => setIn(d, path, value));
    setNotice(null);
  };

  return (
    <form
      className="settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (patch) save.mutate(patch);
      }}
      noValidate
    >
      <div className="page-head sticky">
        <h1>{t('settings.title')}</h1>
        {notice && (
          <span className={notice.kind === 'ok' ? 'notice-ok' : 'notice-error'} role="status">
            {notice.text}
          </span>
        )}
        <button
          type="button"
          className="btn"
          disabled={!patch}
          onClick={() => {
            setDraft(structuredClone(original));
            setErrors({});
          }}
        >
          {t('settings.discard')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!patch || save.isPending}>
          {t('settings.save')}
        </button>
      </div>

      <Section title={t('settings.status.title')}>
        <Toggle
          name="status.maintenance"
          label={t('settings.status.maintenance')}
          checked={draft.status.maintenance}
          onChange={(v) => set('status.maintenance', v)}
        />
        <Toggle
          name="status.regionRestriction"
          label={t('settings.status.regionRestriction')}
          checked={draft.status.regionRestriction}
          onChange={(v) => set('status.regionRestriction', v)}
        />
        <div className="grid-2">
          <label className="field">
            <span>{t('settings.status.blockedCountries')}</span>
            <LinesInput
              name="status.blockedCountries"
              label={t('settings.status.blockedCountries')}
              value={draft.status.blockedCountries}
              onChange={(v) =>
                set(
                  'status.blockedCountries',
                  v.map((c) => c.toUpperCase()),
                )
              }
            />
            <small className="hint">{t('settings.status.countriesHint')}</small>
            <FieldErrors errors={errors} path="status.blockedCountries" />
          </label>
          <label className="field">
            <span>{t('settings.status.blockedIpRanges')}</span>
            <LinesInput
              name="status.blockedIpRanges"
              label={t('settings.status.blockedIpRanges')}
              value={draft.status.blockedIpRanges}
              onChange={(v) => set('status.blockedIpRanges', v)}
            />
            <small className="hint">{t('settings.status.ipHint')}</small>
            <FieldErrors errors={errors} path="status.blockedIpRanges" />
          </label>
        </div>
      </Section>

      <Section title={t('settings.security.title')}>
        <Toggle
          name="security.staffTwoFactorRequired"
          label={t('settings.security.staffTwoFactorRequired')}
          checked={draft.security.staffTwoFactorRequired}
          onChange={(v) => set('security.staffTwoFactorRequired', v)}
        />
        <small className="hint">{t('settings.security.hint')}</small>
        <Toggle
          name="security.memberTwoFactorForWithdrawal"
          label={t('settings.security.memberTwoFactorForWithdrawal')}
          checked={draft.security.memberTwoFactorForWithdrawal}
          onChange={(v) => set('security.memberTwoFactorForWithdrawal', v)}
        />
        <Toggle
          name="security.newDeviceCode"
          label={t('settings.security.newDeviceCode')}
          checked={draft.security.newDeviceCode}
          onChange={(v) => set('security.newDeviceCode', v)}
        />
      </Section>

      <Section title={t('settings.games.title')}>
        <Toggle
          name="games.demoMode"
          label={t('settings.games.demoMode')}
          checked={draft.games.demoMode}
          onChange={(v) => set('games.demoMode', v)}
        />
        <small className="hint">{t('settings.games.hint')}</small>
        <label className="field narrow">
          <span>{t('settings.games.winnerMinWin')}</span>
          <input
            type="number"
            name="games.winnerMinWin"
            className="num"
            min={0}
            step={0.01}
            value={draft.games.winnerMinWin / 100}
            onChange={(e) => set('games.winnerMinWin', Math.round(e.target.valueAsNumber * 100))}
          />
          <small className="hint">{t('settings.games.winnerMinWinHint')}</small>
          <FieldErrors errors={errors} path="games.winnerMinWin" />
        </label>
      </Section>

      <Section title={t('settings.languages.title')}>
        <div className="checks">
          {LANGUAGES.map((l) => (
            <Toggle
              key={l.code}
              name={`languages.supported.${l.code}`}
              label={
                <>
                  <span lang={l.tag}>{l.name}</span> <span className="mono muted">{l.code}</span>
                </>
              }
              checked={draft.languages.supported.includes(l.code)}
              onChange={(on) =>
                set(
                  'languages.supported',
                  on
                    ? [...draft.languages.supported, l.code]
                    : draft.languages.supported.filter((c) => c !== l.code),
                )
              }
            />
          ))}
        </div>
        <FieldErrors errors={errors} path="languages.supported" />
        <label className="field narrow">
          <span>{t('settings.languages.default')}</span>
          <select
            name="languages.default"
            value={draft.languages.default}
            onChange={(e) => set('languages.default', e.target.value)}
          >
            {LANGUAGES.filter((l) => draft.languages.supported.includes(l.code)).map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
          <FieldErrors errors={errors} path="languages.default" />
        </label>
      </Section>

      <Section title={t('settings.register.title')}>
        <Toggle
          name="register.captcha.enabled"
          label={t('settings.register.captcha')}
          checked={draft.register.captcha.enabled}
          onChange={(v) => set('register.captcha.enabled', v)}
        />
        <table className="table compact stack-narrow register-rules">
          <thead>
            <tr>
              <th>{t('settings.register.field')}</th>
              <th>{t('settings.register.enabled')}</th>
              <th>{t('settings.register.required')}</th>
              <th>{t('settings.register.minLength')}</th>
              <th>{t('settings.register.maxLength')}</th>
              <th>{t('settings.register.pattern')}</th>
            </tr>
          </thead>
          <tbody>
            {REGISTER_FIELDS.map((field) => {
              const rule = draft.register[field];
              const path = `register.${field}`;
              return (
                <tr key={field} data-field={field}>
                  <th scope="row" className="field-name">
                    <span>{t(`settings.fields.${field}.label`)}</span>
                    <small className="hint">{t(`settings.fields.${field}.help`)}</small>
                  </th>
                  <td data-label={t('settings.register.enabled')}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`settings.fields.${field}.label`)} ${t('settings.register.enabled')}`}
                      checked={rule.enabled}
                      onChange={(e) => set(`${path}.enabled`, e.target.checked)}
                    />
                  </td>
                  <td data-label={t('settings.register.required')}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`settings.fields.${field}.label`)} ${t('settings.register.required')}`}
                      checked={rule.required}
                      onChange={(e) => set(`${path}.required`, e.target.checked)}
                    />
                  </td>
                  <td data-label={t('settings.register.minLength')}>
                    <input
                      type="number"
                      className="num"
                      aria-label={`${t(`settings.fields.${field}.label`)} ${t('settings.register.minLength')}`}
                      value={rule.minLength}
                      onChange={(e) => set(`${path}.minLength`, e.target.valueAsNumber)}
                    />
                  </td>
                  <td data-label={t('settings.register.maxLength')}>
                    <input
                      type="number"
                      className="num"
                      aria-label={`${t(`settings.fields.${field}.label`)} ${t('settings.register.maxLength')}`}
                      value={rule.maxLength}
                      onChange={(e) => set(`${path}.maxLength`, e.target.valueAsNumber)}
                    />
                  </td>
                  <td data-label={t('settings.register.pattern')}>
                    <select
                      aria-label={`${t(`settings.fields.${field}.label`)} ${t('settings.register.pattern')}`}
                      value={rule.patternId}
                      onChange={(e) => set(`${path}.patternId`, e.target.value)}
                    >
                      {PATTERN_IDS.map((id) => (
                        <option key={id} value={id}>
                          {t(`settings.patterns.${id}`)}
                        </option>
                      ))}
                    </select>
                    <FieldErrors errors={errors} path={path} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Section>

      <Section title={t('settings.whitelabel.title')}>
        <p className="hint">{t('settings.whitelabel.hint')}</p>
        <div className="checks">
          {OFFERED_FLAGS.map((flag) => (
            <Toggle
              key={flag}
              name={`whitelabel.${flag}`}
              label={flagLabel(t, flag)}
              help={flagHelp(t, flag)}
              checked={draft.whitelabel[flag]}
              onChange={(v) => set(`whitelabel.${flag}`, v)}
            />
          ))}
        </div>
      </Section>

      <Section title={t('settings.site.title')}>
        <div className="grid-2">
          <label className="field">
            <span>{t('settings.site.name')}</span>
            <input
              name="site.name"
              value={draft.site.name}
              onChange={(e) => set('site.name', e.target.value)}
            />
            <FieldErrors errors={errors} path="site.name" />
          </label>
          <label className="field">
            <span>{t('settings.site.currency')}</span>
            <input
              name="site.currency"
              value={draft.site.currency}
              onChange={(e) => set('site.currency', e.target.value.toUpperCase())}
            />
            <FieldErrors errors={errors} path="site.currency" />
          </label>
          <label className="field">
            <span>{t('settings.site.appDescription')}</span>
            <input
              name="site.mobileTemplate.app_desc"
              value={draft.site.mobileTemplate.app_desc}
              onChange={(e) => set('site.mobileTemplate.app_desc', e.target.value)}
            />
            <FieldErrors errors={errors} path="site.mobileTemplate.app_desc" />
          </label>
          <label className="field">
            <span>{t('settings.site.appDescriptionColour')}</span>
            <span className="colour-field">
              <input
                type="color"
                aria-label={t('settings.site.appDescriptionColour')}
                value={
                  /^#[0-9a-f]{6}$/i.test(draft.site.mobileTemplate.app_desc_font_color)
                    ? draft.site.mobileTemplate.app_desc_font_color
                    : '#ffffff'
                }
                onChange={(e) => set('site.mobileTemplate.app_desc_font_color', e.target.value)}
              />
              <input
                name="site.mobileTemplate.app_desc_font_color"
                className="mono"
                value={draft.site.mobileTemplate.app_desc_font_color}
                onChange={(e) => set('site.mobileTemplate.app_desc_font_color', e.target.value.trim())}
              />
            </span>
            <small className="hint">{t('settings.site.appDescriptionColourHint')}</small>
            <FieldErrors errors={errors} path="site.mobileTemplate.app_desc_font_color" />
          </label>
          <label className="field">
            <span>{t('settings.site.mainDomain')}</span>
            <input
              name="site.mainDomain"
              value={draft.site.mainDomain}
              onChange={(e) => set('site.mainDomain', e.target.value)}
            />
            <FieldErrors errors={errors} path="site.mainDomain" />
          </label>
        </div>
        <Toggle
          name="site.downloadBar.enabled"
          label={t('settings.site.downloadBar')}
          checked={draft.site.downloadBar.enabled}
          onChange={(v) => set('site.downloadBar.enabled', v)}
        />
        <Toggle
          name="site.downloadBar.loginRequired"
          label={t('settings.site.downloadBarLogin')}
          checked={draft.site.downloadBar.loginRequired}
          onChange={(v) => set('site.downloadBar.loginRequired', v)}
        />
        <Toggle
          name="site.vip.enabled"
          label={t('settings.site.vip')}
          checked={draft.site.vip.enabled}
          onChange={(v) => set('site.vip.enabled', v)}
        />
        <Toggle
          name="site.promotions.REFERRAL"
          label={t('settings.site.referral')}
          checked={draft.site.promotions.REFERRAL}
          onChange={(v) => set('site.promotions.REFERRAL', v)}
        />
        <h3>{t('settings.site.customerService')}</h3>
        <table className="table compact">
          <tbody>
            {draft.site.customerService.map((entry, i) => (
              <tr key={i}>
                <td className="mono">{entry.csType}</td>
                <td>
                  <input
                    aria-label={t('settings.site.entryTitle')}
                    value={entry.title}
                    onChange={(e) =>
                      set(
                        `site.customerService`,
                        draft.site.customerService.map((c, j) =>
                          j === i ? { ...c, title: e.target.value } : c,
                        ),
                      )
                    }
                  />
                </td>
                <td>
                  <input
                    aria-label={t('settings.site.entryUrl')}
                    value={entry.url}
                    onChange={(e) =>
                      set(
                        `site.customerService`,
                        draft.site.customerService.map((c, j) =>
                          j === i ? { ...c, url: e.target.value } : c,
                        ),
                      )
                    }
                  />
                  <FieldErrors errors={errors} path={`site.customerService.${i}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </form>
  );
}
