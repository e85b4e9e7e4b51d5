import { useState } from 'react';
import {
  FIRST_DEPOSIT_PERCENT_TOKEN,
  isPlaceholderContact,
  PUBLIC_TEXT_MAX,
  supportContactBounds,
  type SiteSwitches,
  type SupportContact,
} from '@skinfair/contract';
import { useContentT } from '../../i18n/content-messages';
import {
  useSaveSiteSwitches,
  useSaveSupportContact,
  useSiteSwitches,
  useSupportContact,
  type SupportContactForm,
} from '../../api/site-settings';
import { QueryState } from '../query-state';
import { ReasonDialog } from '../reason-dialog';
import { toastResult } from '../toast-result';
import { InputField } from '../input-field';
import { Field } from '../field';
import { fieldClass, primaryButtonClass } from '../styles';
import { useCanWriteContent } from './editor-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A form's save: the reason step, then the server's answer as a toast (a refusal keeps the dialog open). */
function SaveWithReason({
  title,
  disabled,
  busy,
  onSave,
}: {
  title: string;
  disabled: boolean;
  busy: boolean;
  onSave: (reason: string, done: () => void) => void;
}) {
  const t = useContentT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div>
        <button type="button" className={primaryButtonClass} disabled={disabled || busy} onClick={() => setOpen(true)}>
          {t('content.site.save')}
        </button>
      </div>
      {open ? (
        <ReasonDialog
          title={title}
          confirmLabel={t('content.site.save')}
          busy={busy}
          onClose={() => setOpen(false)}
          onConfirm={(reason) => onSave(reason, () => setOpen(false))}
        />
      ) : null}
    </>
  );
}

function SwitchesForm({ initial, canWrite }: { initial: SiteSwitches; canWrite: boolean }) {
  const t = useContentT();
  const save = useSaveSiteSwitches();
  const [draft, setDraft] = useState(initial);
  const problem =
    draft.publicText.trim().length > PUBLIC_TEXT_MAX
      ? t('content.site.textTooLong', { max: PUBLIC_TEXT_MAX })
      : draft.showPublicText && !draft.publicText.trim()
        ? t('content.site.textRequired')
        : null;
  const check = (key: 'switchBalanceType' | 'showPublicText', label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-200">
      <input
        type="checkbox"
        disabled={!canWrite}
        checked={draft[key]}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.checked }))}
      />
      {label}
    </label>
  );
  return (
    <section aria-labelledby="site-switches" className="flex flex-col gap-3 rounded border border-line p-4">
      <h2 id="site-switches" className="font-semibold">
        {t('content.site.switchesTitle')}
      </h2>
      {check('switchBalanceType', t('content.site.switchBalanceType'))}
      {check('showPublicText', t('content.site.showPublicText'))}
      <Field label={t('content.site.publicText')}>
        {(id) => (
          <textarea
            id={id}
            className={fieldClass}
            rows={4}
            readOnly={!canWrite}
            maxLength={PUBLIC_TEXT_MAX + 50}
            value={draft.publicText}
            onChange={(e) => setDraft((d) => ({ ...d, publicText: e.target.value }))}
          />
        )}
      </Field>
      <p className="text-xs text-slate-400">{t('content.site.tokenHint', { token: FIRST_DEPOSIT_PERCENT_TOKEN })}</p>
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {canWrite ? (
        <SaveWithReason
          title={t('content.site.switchesTitle')}
          disabled={problem !== null}
          busy={save.isPending}
          onSave={(reason, done) =>
            save.mutate({ ...draft, publicText: draft.publicText.trim(), reason }, toastResult(t('content.site.saved'), done))
          }
        />
      ) : null}
    </section>
  );
}

const toForm = (c: SupportContact): Record<keyof SupportContactForm, string> => ({
  email: c.email,
  chatUrl: c.chatUrl ?? '',
  hoursZh: c.hoursZh,
  hoursEn: c.hoursEn,
  replyWithinHours: String(c.replyWithinHours),
});

function supportProblem(f: Record<keyof SupportContactForm, string>, t: ReturnType<typeof useContentT>): string | null {
  if (!EMAIL.test(f.email.trim()) || f.email.trim().length > supportContactBounds.emailMax) return t('content.site.badEmail');
  if (f.chatUrl.trim() && !/^https:\/\/[^\s/]+/.test(f.chatUrl.trim())) return t('content.site.badChatUrl');
  if ([f.hoursZh, f.hoursEn].some((h) => !h.trim() || h.trim().length > supportContactBounds.hoursMax))
    return t('content.site.badHours', { max: supportContactBounds.hoursMax });
  const hours = Number(f.replyWithinHours);
  if (!/^\d+$/.test(f.replyWithinHours.trim()) || hours < supportContactBounds.replyHoursMin || hours > supportContactBounds.replyHoursMax)
    return t('content.site.badReply', { max: supportContactBounds.replyHoursMax });
  return null;
}

function SupportForm({ initial, canWrite }: { initial: SupportContact; canWrite: boolean }) {
  const t = useContentT();
  const save = useSaveSupportContact();
  const [form, setForm] = useState(() => toForm(initial));
  const problem = supportProblem(form, t);
  const placeholder = isPlaceholderContact(form.email.trim()) || (form.chatUrl.trim() !== '' && isPlaceholderContact(form.chatUrl.trim()));
  const input = (key: keyof SupportContactForm, label: string, max: number) => (
    <InputField label={label} maxLength={max} value={form[key]} onChange={(value) => setForm((f) => ({ ...f, [key]: value }))} />
  );
  return (
    <section aria-labelledby="site-support" className="flex flex-col gap-3 rounded border border-line p-4">
      <h2 id="site-support" className="font-semibold">
        {t('content.site.supportTitle')}
      </h2>
      {!initial.saved ? <p className="text-xs text-slate-400">{t('content.site.fromEnv')}</p> : null}
      {initial.placeholder ? (
        <p role="alert" className="rounded bg-red-900/40 p-2 text-sm text-red-200">
          {t('content.site.placeholder')}
        </p>
      ) : null}
      {canWrite ? (
        <>
          {input('email', t('content.site.email'), supportContactBounds.emailMax)}
          {input('chatUrl', t('content.site.chatUrl'), supportContactBounds.urlMax)}
          {input('hoursZh', t('content.site.hoursZh'), supportContactBounds.hoursMax)}
          {input('hoursEn', t('content.site.hoursEn'), supportContactBounds.hoursMax)}
          {input('replyWithinHours', t('content.site.replyWithinHours'), 3)}
        </>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-400">{t('content.site.email')}</dt>
          <dd>{initial.email}</dd>
          <dt className="text-slate-400">{t('content.site.chatUrl')}</dt>
          <dd>{initial.chatUrl ?? '—'}</dd>
          <dt className="text-slate-400">{t('content.site.hoursZh')}</dt>
          <dd>{initial.hoursZh}</dd>
        </dl>
      )}
      {canWrite && problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {canWrite && !problem && placeholder ? <p className="text-sm text-amber-300">{t('content.site.stillPlaceholder')}</p> : null}
      {canWrite ? (
        <SaveWithReason
          title={t('content.site.supportTitle')}
          disabled={problem !== null}
          busy={save.isPending}
          onSave={(reason, done) =>
            save.mutate(
              {
                email: form.email.trim(),
                chatUrl: form.chatUrl.trim(),
                hoursZh: form.hoursZh.trim(),
                hoursEn: form.hoursEn.trim(),
                replyWithinHours: Number(form.replyWithinHours),
                reason,
              },
              toastResult(t('content.site.saved'), done),
            )
          }
        />
      ) : null}
    </section>
  );
}

/**
 * Content → 站点设置 (issue 27 §5): the sysConfig switches with the public notice, and the customer-service
 * details. A form starts again from the server's values when they change (keyed by them), not on every
 * refetch: saving one form refetches both, and the other keeps what is being typed.
 */
export function SiteTab() {
  const canWrite = useCanWriteContent();
  const switches = useSiteSwitches();
  const support = useSupportContact();
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {switches.data ? (
        <SwitchesForm key={JSON.stringify(switches.data)} initial={switches.data} canWrite={canWrite} />
      ) : (
        <QueryState query={switches} />
      )}
      {support.data ? (
        <SupportForm key={JSON.stringify(support.data)} initial={support.data} canWrite={canWrite} />
      ) : (
        <QueryState query={support} />
      )}
    </div>
  );
}
