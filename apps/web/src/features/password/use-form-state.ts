import { useState } from 'react';
import type { Problem } from './validation.ts';

export interface FieldState {
  value: string;
  problem: Problem | undefined;
  onChange: (value: string) => void;
}

/**
 * Values, touched flags and problems of a password screen's form: a problem shows once its field has
 * been touched (changed, left, or the form submitted).
 */
export function useFormState<K extends string>(
  initial: Record<K, string>,
  check: (values: Record<K, string>) => Record<K, Problem | undefined>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const problems = check(values);
  const touch = (k: K) => setTouched((s) => ({ ...s, [k]: true }));
  const show = (k: K) => (touched[k] ? problems[k] : undefined);
  const set = (k: K) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    touch(k);
  };
  return {
    values,
    problems,
    valid: Object.values<Problem | undefined>(problems).every((p) => !p),
    anyTouched: Object.values(touched).some(Boolean),
    /** The problem to show: only for a touched field. */
    show,
    touch,
    touchAll: () =>
      setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>),
    /** Sets a value without touching its field (it is checked when left). */
    change: (k: K) => (value: string) => setValues((v) => ({ ...v, [k]: value })),
    /** Sets a value and touches its field. */
    set,
    /** A field's value, shown problem and change handler, touching it on change. */
    field: (k: K): FieldState => ({ value: values[k], problem: show(k), onChange: set(k) }),
  };
}
