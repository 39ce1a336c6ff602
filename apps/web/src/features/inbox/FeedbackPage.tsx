import { findLanguage } from '@playhouse/contract/languages';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_WORDS,
  countWords,
  type FeedbackCategory,
  type FeedbackItem,
} from '@playhouse/contract/inbox';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FormField, invalidProps } from '../../components/form/FormField.tsx';
import { ImagePicker } from '../../components/upload/ImagePicker.tsx';
import { UploadedImage } from '../../components/upload/UploadedImage.tsx';
import { ApiError } from '../../lib/api.ts';
import { uploadImages } from '../../lib/uploads.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useMyFeedback, useSubmitFeedback } from './api.ts';
import './inbox.css';

function FeedbackEntry({ item, locale }: { item: FeedbackItem; locale: string }) {
  const { t } = useTranslation('inbox');
  return (
    <li className="fb-item">
      <div className="fb-item-head">
        <span className="fb-category">{t(`feedback.categories.${item.category}`)}</span>
        <span className={`fb-status is-${item.status.toLowerCase()}`}>
          {t(`feedback.status.${item.status}`)}
        </span>
      </div>
      <p className="fb-comment" dir="auto">
        {item.comment}
      </p>
      {item.uploadIds.length > 0 && (
        <div className="up-list">
          {item.uploadIds.map((id, i) => (
            <UploadedImage key={id} uploadId={id} alt={`${t('feedback.images')} ${i + 1}`} />
          ))}
        </div>
      )}
      {item.answer && (
        <div className="fb-answer">
          <strong>{t('feedback.answer')}</strong>
          <p dir="auto">{item.answer}</p>
        </div>
      )}
      <time className="ib-date" dateTime={new Date(item.createdAt).toISOString()}>
        {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(item.createdAt)}
      </time>
    </li>
  );
}

/**
 * /m/feedback (spec §7 PUT /wps/feedback, limits §5): a category, a comment of 140 characters within
 * the word bounds, up to three png or jpg images of 5 MB; then my feedback with its status and our
 * reply (which also arrives in the inbox).
 */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation('inbox');
  const id = useId();
  const session = useSession();
  const mine = useMyFeedback();
  const submit = useSubmitFeedback();
  const [category, setCategory] = useState<FeedbackCategory>('SUGGESTION');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  const locale = findLanguage(i18n.language)?.tag ?? 'en';

  if (!session) return <Navigate to="/m/login" replace />;

  const words = countWords(comment);
  const wordsOk = words >= FEEDBACK_WORDS.min && words <= FEEDBACK_WORDS.max;
  // The hint names the limits the counter beside it counts: characters, not words (60 words never
  // fit in 140 characters); the least number of words is still checked.
  const lengthHint = t('feedback.length', { min: FEEDBACK_WORDS.min, max: FEEDBACK_MAX_CHARS });
  const errors = touched && !wordsOk ? [lengthHint] : undefined;
  const busy = uploading || submit.isPending;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!wordsOk || busy) return;
    try {
      setUploading(true);
      const uploads = files.length
        ? await uploadImages(files, 'feedback').finally(() => setUploading(false))
        : (setUploading(false), []);
      await submit.mutateAsync({
        category,
        comment: comment.trim(),
        uploadIds: uploads.map((u) => u.uploadId),
      });
      setComment('');
      setFiles([]);
      setTouched(false);
      showToast(t('feedback.sent'), { kind: 'success' });
    } catch (error) {
      // What the member typed and picked stays, so nothing is lost on a failure.
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
      else throw error;
    }
  };

  const list = mine.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="ib-page">
      <form className="ib-card fb-form" onSubmit={(e) => void send(e)} noValidate>
        <p className="fb-intro">{t('feedback.intro')}</p>
        <div className="fb-field">
          <span className="auth-label" id={`${id}-cat`}>
            {t('feedback.category')}
          </span>
          <div className="fb-chips" role="radiogroup" aria-labelledby={`${id}-cat`}>
            {FEEDBACK_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={category === c}
                className={`fb-chip${category === c ? ' is-active' : ''}`}
                onClick={() => setCategory(c)}
              >
                {t(`feedback.categories.${c}`)}
              </button>
            ))}
          </div>
        </div>
        <FormField
          id={`${id}-comment`}
          label={t('feedback.comment')}
          required
          errors={errors}
          hint={
            <p className="fb-hint">
              <span>{lengthHint}</span>
              <span dir="ltr">{t('feedback.chars', { count: comment.length, max: FEEDBACK_MAX_CHARS })}</span>
            </p>
          }
        >
          <textarea
            id={`${id}-comment`}
            className="auth-input fb-textarea"
            dir="auto"
            rows={4}
            maxLength={FEEDBACK_MAX_CHARS}
            placeholder={t('feedback.commentPlaceholder')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            onBlur={() => setTouched(true)}
            {...invalidProps(`${id}-comment`, errors)}
          />
        </FormField>
        <ImagePicker files={files} onChange={setFiles} label={t('feedback.images')} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {uploading
            ? t('feedback.uploading')
            : submit.isPending
              ? t('feedback.sending')
              : t('feedback.submit')}
        </button>
      </form>

      <section className="ib-card fb-mine" aria-labelledby={`${id}-mine`}>
        <h2 className="ib-card-title" id={`${id}-mine`}>
          {t('feedback.mine')}
        </h2>
        {mine.isPending ? (
          <div className="ib-skeleton" aria-hidden="true" />
        ) : mine.isError ? (
          <button type="button" className="empty-state ib-retry" onClick={() => void mine.refetch()}>
            <Icon name="refresh" size={28} />
            <span>{t('loadFailed')}</span>
          </button>
        ) : list.length === 0 ? (
          <p className="fb-none">{t('feedback.none')}</p>
        ) : (
          <ul className="fb-list">
            {list.map((item) => (
              <FeedbackEntry key={item.id} item={item} locale={locale} />
            ))}
          </ul>
        )}
        {mine.hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost fb-more"
            disabled={mine.isFetchingNextPage}
            onClick={() => void mine.fetchNextPage()}
          >
            {t('loadMore')}
          </button>
        )}
      </section>
    </div>
  );
}
