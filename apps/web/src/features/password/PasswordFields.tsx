import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '../../components/form/FormField.tsx';
import { PasswordInput } from '../../components/form/PasswordInput.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import type { FieldState } from './use-form-state.ts';
import { DEFAULT_RULE, type PasswordRule, type Problem } from './validation.ts';

/** The operator's rule for new passwords, or the default before the site status has loaded. */
export function usePasswordRule(): PasswordRule {
  return useSiteStatus()?.info.register.password ?? DEFAULT_RULE;
}

/** A problem as the error lines of a form field (`member:validation.*`). */
export function useProblemText(): (problem: Problem | undefined) => string[] | undefined {
  const { t } = useTranslation('member');
  return (problem) => (problem ? [t(`validation.${problem.key}`, problem.params)] : undefined);
}

/** A labelled text or password field of the password screens, its problem shown under it. */
export function TextField({
  id,
  label,
  problem,
  onChange,
  type = 'text',
  children,
  ...input
}: {
  id: string;
  label: string;
  problem?: Problem | undefined;
  onChange?: (value: string) => void;
  type?: 'text' | 'password' | 'email';
  /** Extra controls inside the field, after the input. */
  children?: ReactNode;
} & Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'type' | 'className' | 'children'>) {
  const errors = useProblemText()(problem);
  const props = {
    ...input,
    id,
    name: id,
    ...invalidProps(id, errors),
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value),
  };
  return (
    <FormField id={id} label={label} errors={errors}>
      {type === 'password' ? (
        <PasswordInput {...props} />
      ) : (
        <input {...props} type={type} className="auth-input" />
      )}
      {children}
    </FormField>
  );
}

/**
 * The new password with the operator's rule under it, and its confirmation when given: the same block
 * on the forgot, reset and change screens.
 */
export function NewPasswordFields({
  rule,
  newPassword,
  confirmation,
}: {
  rule: PasswordRule;
  newPassword: FieldState;
  confirmation?: FieldState;
}) {
  const { t } = useTranslation('member');
  return (
    <>
      <TextField
        id="newPassword"
        type="password"
        label={t('fields.newPassword')}
        placeholder={t('placeholders.newPassword')}
        autoComplete="new-password"
        maxLength={rule.maxLength}
        {...newPassword}
      />
      <p className="pw-hint">{t('password.rule', { min: rule.minLength, max: rule.maxLength })}</p>
      {confirmation && (
        <TextField
          id="confirmNewPassword"
          type="password"
          label={t('fields.confirmNewPassword')}
          placeholder={t('placeholders.confirmNewPassword')}
          autoComplete="new-password"
          maxLength={rule.maxLength}
          {...confirmation}
        />
      )}
    </>
  );
}
