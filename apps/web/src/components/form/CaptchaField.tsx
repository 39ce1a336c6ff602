import { useTranslation } from 'react-i18next';
import type { CaptchaChallenge } from './use-captcha.ts';
import { FormField } from './FormField.tsx';

/** The captcha: digits only, up to six, with the image beside; tapping the image loads a new one. */
export function CaptchaField({
  value,
  onChange,
  challenge,
  onRefresh,
  errors,
}: {
  value: string;
  onChange: (v: string) => void;
  challenge: CaptchaChallenge | undefined;
  onRefresh: () => void;
  errors?: string[] | undefined;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField id="captcha" label={t('fields.captcha')} required errors={errors}>
      <input
        id="captcha"
        name="captcha"
        className="auth-input"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('placeholders.captcha')}
        value={value}
        aria-invalid={Boolean(errors?.length)}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <button type="button" className="captcha-image" onClick={onRefresh} aria-label={t('captcha.refresh')}>
        {challenge ? (
          <img src={challenge.image} alt={t('captcha.alt')} width={144} height={45} />
        ) : (
          <span className="captcha-placeholder" />
        )}
      </button>
    </FormField>
  );
}
