import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/Icon.tsx';
import { useCountries } from './use-countries.ts';

/** A dialing-code picker and a digits-only number input (max 20); goes inside a FormField. */
export function MobileInput({
  dialingCode,
  onDialingCode,
  value,
  onChange,
  placeholder,
  invalid,
}: {
  dialingCode: string;
  onDialingCode: (v: string) => void;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  invalid?: boolean | undefined;
}) {
  const { t } = useTranslation('auth');
  const countries = useCountries();
  const codes = countries.data ?? [];
  return (
    <>
      {/* The closed picker shows just the code; the native list names each country. */}
      <span className="auth-dialing">
        <span aria-hidden="true" dir="ltr">
          {dialingCode}
        </span>
        <Icon name="chevron" size={14} className="rot-90" />
        <select
          aria-label={t('fields.countryDialingCode')}
          value={dialingCode}
          onChange={(e) => onDialingCode(e.target.value)}
        >
          {!codes.some((c) => c.dialingCode === dialingCode) && (
            <option value={dialingCode}>{dialingCode}</option>
          )}
          {codes.map((c) => (
            <option key={c.code} value={c.dialingCode}>
              {c.dialingCode} {c.name}
            </option>
          ))}
        </select>
      </span>
      <input
        id="mobileNum"
        name="mobileNum"
        className="auth-input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 20))}
      />
    </>
  );
}
