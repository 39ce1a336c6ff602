import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { FEEDBACK_ANSWER_MAX, FEEDBACK_STATUSES, type BoFeedbackItem } from '@playhouse/contract/inbox';
import { boFetch, type Page } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import { StaffImage } from './StaffImage.tsx';
import './money.css';
import './inbox.css';
import { useStaffRole } from './use-staff-role.ts';

function AnswerDialog({
  item,
  pending,
  error,
  onSend,
  onCancel,
}: {
  item: BoFeedbackItem;
  pending: boolean;
  error: string | undefined;
  onSend: (answer: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (answer.trim()) onSend(answer.trim());
  };
  return (
    <Dialog titleId="answer-title" focus={input} onSubmit={submit} onCancel={onCancel}>
      <h2 id="answer-title">{t('feedbackReview.answerTitle', { name: item.userName })}</h2>
      <blockquote className="dialog-summary wrap-anywhere" dir="auto">
        {item.comment}
      </blockquote>
      <label className="field">
        <span>{t('feedbackReview.answer')}</span>
        <textarea
          ref={input}
          rows={5}
          maxLength={FEEDBACK_ANSWER_MAX}
          required
          dir="auto"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </label>
      <p className="muted">{t('feedbackReview.answerHint')}</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending || !answer.trim()}>
          {t('feedbackReview.send')}
        </button>
      </div>
    </Dialog>
  );
}

/** Member feedback: read it with its images, answer once; the answer goes to the member's inbox. */
export function FeedbackReviewPage() {
  const canAnswer = useStaffRole().can('feedback.answer');
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('PENDING');
  const [pageNo, setPageNo] = useState(1);
  const [answering, setAnswering] = useState<BoFeedbackItem>();
  const list = useQuery({
    queryKey: ['feedback', status, pageNo],
    queryFn: () =>
      boFetch<Page<BoFeedbackItem>>(
        `/bo/api/feedback?pageNo=${pageNo}&pageSize=20${status ? `&status=${status}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
  const answer = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      boFetch(`/bo/api/feedback/${id}/answer`, { method: 'POST', body: { answer: text } }),
    onSuccess: () => setAnswering(undefined),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('feedbackReview.title')}</h1>
        <StatusSelect
          aria-label={t('money.statusFilter')}
          statuses={FEEDBACK_STATUSES}
          statusLabel={(s) => t(`feedbackReview.status.${s}`)}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPageNo(1);
          }}
        />
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      {list.error && <p className="alert">{list.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('money.member')}</th>
            <th>{t('feedbackReview.category')}</th>
            <th>{t('feedbackReview.comment')}</th>
            <th>{t('feedbackReview.images')}</th>
            <th>{t('money.statusFilter')}</th>
            <th>{t('money.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((item) => (
            <tr key={item.id}>
              <td data-label={t('table.time')} className="nowrap">
                {formatTime(item.createdAt, tag)}
              </td>
              <td data-label={t('money.member')}>{item.userName}</td>
              <td data-label={t('feedbackReview.category')}>
                {t(`feedbackReview.categories.${item.category}`)}
              </td>
              <td data-label={t('feedbackReview.comment')} className="wrap-anywhere" dir="auto">
                {item.comment}
              </td>
              <td data-label={t('feedbackReview.images')}>
                <span className="thumbs">
                  {item.uploadIds.map((u, i) => (
                    <StaffImage key={u} uploadId={u} alt={t('feedbackReview.image', { n: i + 1 })} />
                  ))}
                </span>
              </td>
              <td data-label={t('money.statusFilter')}>
                <span className={`status status-${item.status === 'ANSWERED' ? 'APPROVED' : 'PENDING'}`}>
                  {t(`feedbackReview.status.${item.status}`)}
                </span>
                {item.answer && (
                  <span className="decided muted">
                    {item.answeredBy && <span>{t('money.decidedBy', { name: item.answeredBy })}</span>}
                    {item.answeredAt && <span>{formatTime(item.answeredAt, tag)}</span>}
                    <span className="wrap-anywhere" dir="auto">
                      {item.answer}
                    </span>
                  </span>
                )}
              </td>
              <td data-label={t('money.actions')}>
                {item.status === 'PENDING' && canAnswer && (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => {
                      answer.reset();
                      setAnswering(item);
                    }}
                  >
                    {t('feedbackReview.answerAction')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {list.data?.list.length === 0 && <EmptyRow colSpan={7} />}
        </tbody>
      </table>
      <Pager page={list.data} onPage={setPageNo} />
      {answering && (
        <AnswerDialog
          item={answering}
          pending={answer.isPending}
          error={answer.error?.message}
          onCancel={() => setAnswering(undefined)}
          onSend={(text) => answer.mutate({ id: answering.id, text })}
        />
      )}
    </section>
  );
}
