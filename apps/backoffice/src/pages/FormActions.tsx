import { ApiError } from '../api.ts';

/**
 * The foot of an edit form: the save's error (when no field explains it), cancel and save.
 * Saving is disabled while the save is pending or when `canSave` is false.
 */
export function FormActions({
  save,
  onCancel,
  cancelLabel,
  saveLabel,
  canSave = true,
}: {
  save: { error: Error | null; isPending: boolean };
  onCancel: () => void;
  cancelLabel: string;
  saveLabel: string;
  canSave?: boolean;
}) {
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <>
      {save.error && !Object.keys(fieldErrors).length && <p className="alert">{save.error.message}</p>}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !canSave}>
          {saveLabel}
        </button>
      </div>
    </>
  );
}
