import type { InputHTMLAttributes, Ref } from 'react';

/** A labelled text input of the console's forms, with the server's errors for its field under it. */
export function TextField({
  label,
  errors,
  ref,
  ...input
}: {
  label: string;
  errors: string[] | undefined;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input ref={ref} aria-invalid={errors ? true : undefined} {...input} />
      {errors && <small className="field-error">{errors.join(', ')}</small>}
    </label>
  );
}
