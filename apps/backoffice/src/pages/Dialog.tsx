import { useEffect, type FormEvent, type ReactNode, type RefObject } from 'react';

/**
 * A modal form over a backdrop: Escape and a click on the backdrop cancel, and `focus` (the field the
 * operator types into) takes the focus.
 */
export function Dialog({
  titleId,
  focus,
  onSubmit,
  onCancel,
  children,
}: {
  titleId: string;
  focus: RefObject<HTMLElement | null>;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    focus.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus, onCancel]);
  return (
    <div className="dialog-backdrop" onClick={onCancel}>
      <form
        className="card dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={onSubmit}
      >
        {children}
      </form>
    </div>
  );
}
