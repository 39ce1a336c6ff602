import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';

/** Spec §6: type 4 is a trial account. */
export const TRIAL_TYPE = 4;

export const money = (amount: string) => formatMoney(Number(amount));

function useTag() {
  const { i18n } = useTranslation();
  return findLanguage(i18n.language)?.tag ?? 'en';
}

/** A date in the page language. */
export function useDate(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) {
  const format = new Intl.DateTimeFormat(useTag(), options);
  return (ms: number) => format.format(ms);
}

/** A time of day in the page language and the operator's time zone. */
export function useTimeIn(timeZone: string) {
  const tag = useTag();
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  }
  return (ms: number) => format.format(ms);
}

/** What guests and trial accounts see instead of the page. */
export function GuestPrompt({ trial, kind }: { trial: boolean; kind: 'benefits' | 'rebate' }) {
  const { t } = useTranslation('vip');
  return (
    <section className="empty-state">
      <Icon name={kind === 'benefits' ? 'star' : 'coins'} size={48} />
      <p>{t(trial ? 'trial' : kind === 'benefits' ? 'guest' : 'guestRebate')}</p>
      <Link className="btn btn-primary" to={trial ? '/m/register' : '/m/login'}>
        {t(trial ? 'register' : 'login')}
      </Link>
    </section>
  );
}
