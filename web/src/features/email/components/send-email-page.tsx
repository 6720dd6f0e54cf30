/**
 * 'Send an Email' (staff spec §2, §4, §5, §8): tabs Select Design, Compose and Preview; the send
 * button stays disabled until a template is chosen. It checks the form first: an invalid one goes
 * to Compose with its messages, and only a valid one opens the confirmation, which names the
 * subject, the sender and the recipients (the list by name with its contact count, a segment by
 * name with its count now, or the chosen addresses) and reads 'Sending...' while the request
 * runs. A sent email empties the editor, so the same email is never sent twice by a second click.
 * With ?draft=1 (Create Campaign) the same editor stores a draft campaign instead. A test copy can
 * be sent to any address first. A reply from the Inbox (router state, lib/reply-draft.ts) opens on
 * Compose with the sender as the one recipient, "Re: " subject and the message quoted, all
 * editable, and needs no template: it goes out as any send to typed addresses does. When the
 * sender is a contact who is unsubscribed or bounced (never mailed), the recipients say so and
 * Send does not go on to the confirmation.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { Dialog, DialogActions, dialogButton } from '../../../components/ui/dialog';
import { Tabs } from '../../../components/ui/tabs';
import { CAMPAIGNS_KEY, createDraftCampaign, sendSingle, sendTest } from '../api/campaigns';
import { contactSearchUrl, isUnmailable, listContactCount, useLists, type ContactRow } from '../api/audience';
import { useTemplates } from '../api/templates';
import { EmailFormSchema, emptyEmailForm, singleSendOf, type EmailForm } from '../lib/email-form';
import { AbTestFields } from './ab-test-fields';
import { EmailPreviewFrame } from './email-preview-frame';
import { RecipientPicker } from './recipient-picker';
import { errorMessage } from '../../../lib/error-message';
import type { ReplyDraft, SendEmailState } from '../../../lib/reply-draft';
import { useSegmentCount, useSegments } from '../../../lib/use-segments';

const TAB_NAMES = ['Select Design', 'Compose', 'Preview'] as const;
type Tab = (typeof TAB_NAMES)[number];
const TABS = TAB_NAMES.map((t) => ({ key: t, label: t }));

/** The editor's first values: empty, or a reply's recipient, subject and quoted message. */
const startingForm = (reply: ReplyDraft | null): EmailForm =>
  reply
    ? {
        ...emptyEmailForm(),
        subject: reply.subject,
        content: reply.content,
        recipientType: 'individual',
        recipients: [reply.to],
      }
    : emptyEmailForm();

export function SendEmailPage() {
  const [params] = useSearchParams();
  const draft = params.get('draft') === '1';
  const navigate = useNavigate();
  const location = useLocation();
  const [reply, setReply] = useState(() => (location.state as SendEmailState | null)?.reply ?? null);
  const templates = useTemplates();
  const lists = useLists();
  const segments = useSegments();
  const [tab, setTab] = useState<Tab>(reply ? 'Compose' : 'Select Design');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [testTo, setTestTo] = useState('');
  const form = useForm<EmailForm>({
    resolver: valibotResolver(EmailFormSchema),
    defaultValues: startingForm(reply),
    reValidateMode: 'onChange',
    // Every rule is checked at once: a missing subject does not hide the missing recipients.
    criteriaMode: 'all',
  });
  const { register, watch, setValue, reset, handleSubmit, formState } = form;
  const values = watch();

  const choose = (id: number) => {
    const t = templates.data?.find((x) => x.id === id);
    if (!t) return;
    setTemplateId(id);
    setValue('content', t.content);
    setValue('subject', t.subject);
    setValue('previewText', t.previewText);
  };
  // 'Use in Email' names a template: take it from the list as read now, not from the copy cached
  // before someone saved it (the list is read again on mount; its old copy shows meanwhile).
  useEffect(() => {
    const fromQuery = Number(params.get('template'));
    if (fromQuery && templates.data && !templates.isValidating && templateId === null) choose(fromQuery);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templates.data, templates.isValidating]);

  const startOver = () => {
    reset(emptyEmailForm());
    setTemplateId(null);
    setTab('Select Design');
    if (reply) {
      // Done with the reply: a reload or Back must not prefill it again.
      setReply(null);
      navigate(`${location.pathname}${location.search}`, { replace: true });
    }
  };

  const send = handleSubmit(
    async (f) => {
      setSending(true);
      try {
        const body = singleSendOf(f as Parameters<typeof singleSendOf>[0]);
        if (draft) {
          await createDraftCampaign(body);
          toast({ title: 'Campaign saved as a draft' });
        } else {
          await sendSingle(body);
          toast({
            title: 'Email sent successfully',
            description: 'Your email has been sent to the selected recipients',
          });
        }
        await mutate(CAMPAIGNS_KEY);
        setConfirming(false);
        startOver();
        if (draft) navigate('/marketing/campaigns');
      } catch (err) {
        toast({
          title: 'Error sending email',
          description: errorMessage(err, 'An unknown error occurred'),
          variant: 'destructive',
        });
      } finally {
        setSending(false);
      }
    },
    () => {
      setConfirming(false);
      setTab('Compose');
    },
  );

  // A reply goes to the contact who wrote; when that contact is unsubscribed or bounced, the send
  // would leave out its only recipient and mail nobody: say so at the recipients, before Send.
  const replyTo =
    reply && (values.recipients ?? []).some((r) => r.toLowerCase() === reply.to.toLowerCase()) ? reply.to : null;
  const replyContact = useSWR<ContactRow[]>(replyTo ? contactSearchUrl(replyTo) : null).data?.find(
    (c) => c.email.toLowerCase() === replyTo?.toLowerCase(),
  );
  const replyBlocked =
    replyContact && isUnmailable(replyContact)
      ? `This reply would not be sent: ${replyContact.email} is ${replyContact.status}, and unsubscribed or bounced contacts are never mailed. Answer from your own mail program.`
      : undefined;

  /** Opens the confirmation only for a valid form; otherwise shows what to fix on Compose. */
  const review = handleSubmit(
    () => (replyBlocked ? setTab('Compose') : setConfirming(true)),
    () => setTab('Compose'),
  );

  const onTest = async () => {
    try {
      const r = await sendTest({
        ...singleSendOf({
          ...values,
          abTest: { enabled: false },
          recipientType: 'individual',
          recipients: [testTo],
        } as Parameters<typeof singleSendOf>[0]),
        to: testTo,
      });
      toast(
        r.delivered
          ? { title: 'Test email sent', description: r.detail }
          : { title: 'Test email not sent', description: r.detail, variant: 'destructive' },
      );
    } catch (err) {
      toast({
        title: 'Error sending email',
        description: errorMessage(err, 'An unknown error occurred'),
        variant: 'destructive',
      });
    }
  };

  const e = formState.errors;
  const list = lists.data?.find((l) => String(l.id) === values.listId);
  const chosen = values.recipients ?? [];
  const segment = segments.data?.find((s) => String(s.id) === values.segmentId);
  const segmentCount = useSegmentCount(values.recipientType === 'segment' && segment ? segment.id : null).data;
  const recipientsText =
    values.recipientType === 'segment'
      ? `Segment ${segment?.name ?? `#${values.segmentId}`}${segmentCount ? ` (${segmentCount.count.toLocaleString('en-US')} contacts now)` : ''}`
      : values.recipientType === 'list'
        ? list
          ? `${list.name} (${listContactCount(list).toLocaleString('en-US')} contacts)`
          : `List #${values.listId}`
        : `${chosen.length.toLocaleString('en-US')} ${chosen.length === 1 ? 'recipient' : 'recipients'}: ${chosen.join(', ')}`;
  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">{draft ? 'Create Campaign' : 'Send an Email'}</h1>
      <Tabs label="Email editor" tabs={TABS} selected={tab} onSelect={setTab} className="mt-6">
        {tab === 'Select Design' && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {templates.error && <p role="alert">Failed to load templates</p>}
            {templates.data?.length === 0 && <p>No templates yet: create one under Templates.</p>}
            {templates.data?.map((t) => (
              <button
                key={t.id}
                type="button"
                aria-pressed={templateId === t.id}
                onClick={() => {
                  choose(t.id);
                  setTab('Compose');
                }}
                className={`rounded-xl bg-white p-4 text-left shadow-sm ring-1 ${templateId === t.id ? 'ring-2 ring-lake-700' : 'ring-stone-200'} hover:ring-lake-600`}
              >
                <span className="block font-semibold text-stone-900">{t.name}</span>
                <span className="mt-1 block text-sm text-stone-600">{t.subject}</span>
                <span className="mt-2 inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs">{t.category}</span>
              </button>
            ))}
          </div>
        )}
        {tab === 'Compose' && (
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="space-y-4">
              <FormField id="send-subject" label="Subject" required error={e.subject?.message}>
                {(c) => <input {...c} {...register('subject')} className={controlClass} />}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="send-from-name" label="From name" required error={e.fromName?.message}>
                  {(c) => <input {...c} {...register('fromName')} className={controlClass} />}
                </FormField>
                <FormField id="send-from-email" label="From email" required error={e.fromEmail?.message}>
                  {(c) => <input {...c} type="email" {...register('fromEmail')} className={controlClass} />}
                </FormField>
              </div>
              <FormField id="send-preview-text" label="Preview text" error={e.previewText?.message}>
                {(c) => <input {...c} {...register('previewText')} className={controlClass} />}
              </FormField>
              <FormField id="send-content" label="Content (HTML)" required error={e.content?.message}>
                {(c) => (
                  <textarea {...c} rows={10} {...register('content')} className={`${controlClass} font-mono text-sm`} />
                )}
              </FormField>
              <AbTestFields form={form} />
            </div>
            <RecipientPicker
              mode={values.recipientType}
              onMode={(m) => setValue('recipientType', m)}
              listId={values.listId ?? ''}
              onList={(id) => setValue('listId', id, { shouldValidate: formState.isSubmitted })}
              segmentId={values.segmentId ?? ''}
              onSegment={(id) => setValue('segmentId', id, { shouldValidate: formState.isSubmitted })}
              recipients={values.recipients ?? []}
              onRecipients={(r) => setValue('recipients', r, { shouldValidate: formState.isSubmitted })}
              error={e.recipients?.message ?? replyBlocked}
            />
          </div>
        )}
        {tab === 'Preview' && (
          <div className="space-y-4">
            {templateId === null && !reply ? (
              <p className="text-stone-700">No template selected</p>
            ) : !values.content ? (
              <p className="text-stone-700">No content to preview</p>
            ) : (
              <EmailPreviewFrame html={values.content} />
            )}
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-64">
                <label htmlFor="send-test-to" className="block text-sm font-medium text-stone-800">
                  Send a test to
                </label>
                <input
                  id="send-test-to"
                  type="email"
                  value={testTo}
                  onChange={(ev) => setTestTo(ev.target.value)}
                  className={controlClass}
                />
              </div>
              <button
                type="button"
                className={dialogButton.cancel}
                disabled={!testTo || !values.content}
                onClick={onTest}
              >
                Send Test
              </button>
              <button type="button" className={dialogButton.cancel} onClick={startOver}>
                Reset
              </button>
            </div>
          </div>
        )}
      </Tabs>
      <div className="mt-8 flex justify-end">
        <button
          type="button"
          className={dialogButton.primary}
          disabled={templateId === null && !reply}
          onClick={() => void review()}
        >
          {draft ? 'Save Draft' : 'Send Email'}
        </button>
      </div>
      <Dialog
        open={confirming}
        title={draft ? 'Save Campaign' : 'Send Email'}
        onClose={() => setConfirming(false)}
        footer={
          <DialogActions
            onCancel={() => setConfirming(false)}
            action={{
              label: sending ? 'Sending...' : draft ? 'Save Draft' : 'Send',
              onClick: () => void send(),
              disabled: sending,
            }}
          />
        }
      >
        <p className="text-stone-700">
          {draft ? 'Save this email as a draft campaign?' : 'Are you sure you want to send this email?'}
        </p>
        <dl className="mt-3 space-y-1 text-sm">
          <div>
            <dt className="inline font-semibold">Subject: </dt>
            <dd className="inline">{values.subject}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">From: </dt>
            <dd className="inline break-words">{`${values.fromName} <${values.fromEmail}>`}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Recipients: </dt>
            <dd className="inline break-words">{recipientsText}</dd>
          </div>
          {values.abTest.enabled && (
            <div>
              <dt className="inline font-semibold">A/B test: </dt>
              <dd className="inline break-words">
                {`variant B “${values.abTest.variantB.subject}” — each variant to ${values.abTest.testShare} %, ${
                  values.abTest.winnerBy === 'manual'
                    ? 'the winner picked by hand'
                    : `the winner by unique ${values.abTest.winnerBy} after ${values.abTest.decideAfterHours} h`
                }, then sent to the rest`}
              </dd>
            </div>
          )}
        </dl>
      </Dialog>
    </>
  );
}
