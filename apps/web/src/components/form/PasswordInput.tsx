import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/Icon.tsx';

/** A password input with a show/hide toggle; goes inside a FormField. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <>
      <input {...props} type={shown ? 'text' : 'password'} className="auth-input" />
      <button
        type="button"
        className="icon-btn auth-adornment"
        aria-label={shown ? t('password.hide') : t('password.show')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
      </button>
    </>
  );
}
