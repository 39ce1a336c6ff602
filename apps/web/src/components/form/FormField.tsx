import type { ReactNode } from 'react';
import './form.css';

/**
 * A labelled form row: red-dot marker when required, errors under the field joined by commas, and
 * error or success styling (spec §5). The control (an input, or an input with adornments) is the child.
 */
export function FormField({
  id,
  label,
  required,
  errors,
  valid,
  children,
  hint,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  errors?: string[] | undefined;
  valid?: boolean | undefined;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const state = errors?.length ? 'is-invalid' : valid ? 'is-valid' : '';
  return (
    <div className={`auth-field ${state}`}>
      <label className="auth-label" htmlFor={id}>
        {required && <span className="required-dot" aria-hidden="true" />}
        {label}
      </label>
      <div className="auth-control">{children}</div>
      {errors?.length ? (
        <p className="auth-error" id={errorId(id)} role="alert">
          {errors.join(', ')}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}

/** The id of a field's error line, for the input's aria-describedby. */
export const errorId = (id: string) => `${id}-error`;

/** aria attributes of an input whose field shows `errors`. */
export function invalidProps(id: string, errors: string[] | undefined) {
  return errors?.length ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {};
}
