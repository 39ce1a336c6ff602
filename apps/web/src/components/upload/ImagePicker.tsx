import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_FILES } from '@playhouse/contract/payments';
import { checkImageFile, IMAGE_ACCEPT, type ImageProblem } from '../../lib/image-file.ts';
import { Icon } from '../../shell/Icon.tsx';
import './upload.css';

/**
 * Picks up to three png or jpg images and previews them. Each file is checked by its first bytes and
 * size before it is accepted (lib/image-file.ts), so a wrong file is refused on the phone, not after a
 * long upload; the server checks them again.
 */
export function ImagePicker({
  files,
  onChange,
  label,
  max = UPLOAD_MAX_FILES,
  invalid,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  label: string;
  max?: number;
  invalid?: boolean;
}) {
  const { t } = useTranslation('pay');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ImageProblem | 'tooMany'>();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const add = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (!picked.length) return;
    if (files.length + picked.length > max) {
      setProblem('tooMany');
      return;
    }
    for (const file of picked) {
      const found = await checkImageFile(file);
      if (found) {
        setProblem(found);
        return;
      }
    }
    setProblem(undefined);
    onChange([...files, ...picked]);
  };

  return (
    <div className="up-picker">
      <span className="up-label" id={`${id}-label`}>
        {label}
      </span>
      <ul className="up-list" aria-labelledby={`${id}-label`}>
        {files.map((file, i) => (
          <li key={`${file.name}-${i}`} className="up-thumb">
            <img src={previews[i]} alt={file.name} width={72} height={72} />
            <button
              type="button"
              className="up-remove"
              aria-label={t('upload.remove', { name: file.name })}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
        {files.length < max && (
          <li>
            <label className={`up-add${invalid ? ' is-invalid' : ''}`}>
              <Icon name="share" size={20} />
              <span>{t('upload.add')}</span>
              <input
                ref={input}
                className="up-input"
                type="file"
                accept={IMAGE_ACCEPT}
                multiple={max > 1}
                onChange={(e) => void add(e.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
      <p className={problem ? 'up-hint up-error' : 'up-hint'} role={problem ? 'alert' : undefined}>
        {problem ? t(`upload.problem.${problem}`, { max }) : t('upload.hint', { max })}
      </p>
    </div>
  );
}
