import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { roleHasPermission } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { toastResult } from '../toast-result';
import { useAdminMe } from '../../api/session';
import { useContentT, type ContentMessageId } from '../../i18n/content-messages';
import { SelectFilter } from '../filter-bar';
import { fieldClass, primaryButtonClass, smallButtonClass } from '../styles';

/** The Content screen's form pieces: every control has its own label; hints are tied by aria-describedby. */

export function useCanWriteContent(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'content.write') : false;
}

/** ISO instant → the value of a datetime-local input, in the browser's time zone ('' for null). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → an ISO instant ('' stays '', the server reads it as "none"). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} className="text-xs text-slate-400">
      {children}
    </span>
  );
}

export function TextField({
  label,
  value,
  onChange,
  maxLength,
  hint,
  readOnly = false,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  hint?: string;
  readOnly?: boolean;
  required?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        {label}
        <input
          className={fieldClass}
          value={value}
          maxLength={maxLength}
          readOnly={readOnly}
          required={required}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  maxLength,
  rows = 6,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        {label}
        <textarea
          className={`${fieldClass} font-mono`}
          value={value}
          rows={rows}
          maxLength={maxLength}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

export function NumberField({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-200">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={1_000_000}
        className={`${fieldClass} w-32`}
        value={value}
        onChange={(e) => onChange(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
      />
    </label>
  );
}

export function DateTimeField({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-200">
      {label}
      <input
        type="datetime-local"
        className={fieldClass}
        value={toLocalInput(value || null)}
        onChange={(e) => onChange(fromLocalInput(e.target.value))}
      />
    </label>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

/** An editor panel: a labelled region with its title, the form and the server's refusal, if any. */
export function EditorPanel({
  title,
  onClose,
  closeLabel,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  closeLabel: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <button type="button" className="rounded border border-line px-2 py-1 text-xs text-slate-200 hover:bg-panel-2" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      {error ? (
        <p role="alert" className="rounded bg-red-900/40 p-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {children}
    </section>
  );
}

export type Lang = 'zh' | 'en';

export const langLabel = (l: Lang) => `content.lang.${l}` as ContentMessageId;

/** What a save or a row switch does when the server answers: say so, or show why not. */
export function savedThen(t: ReturnType<typeof useContentT>, onSaved: () => void, onError: (message: string) => void) {
  return {
    onSuccess: () => {
      void toast.success(t('content.saved'));
      onSaved();
    },
    onError: (e: Error) => onError(e.message),
  };
}

/** The key (fixed once saved) and the language of a per-language row, then any fields of the same line. */
export function KeyLangFields({
  keyValue,
  lang,
  onKey,
  onLang,
  keyLocked,
  langLocked = keyLocked,
  children,
}: {
  keyValue: string;
  lang: Lang;
  onKey: (key: string) => void;
  onLang: (lang: Lang) => void;
  keyLocked: boolean;
  langLocked?: boolean;
  children?: ReactNode;
}) {
  const t = useContentT();
  return (
    <div className="flex flex-wrap gap-3">
      <TextField
        label={t('content.key')}
        value={keyValue}
        onChange={(key) => onKey(key.trim())}
        maxLength={40}
        readOnly={keyLocked}
        hint={t('content.key.hint')}
        required
      />
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        {t('content.lang')}
        <select className={fieldClass} value={lang} disabled={langLocked} onChange={(e) => onLang(e.target.value as Lang)}>
          <option value="zh">{t('content.lang.zh')}</option>
          <option value="en">{t('content.lang.en')}</option>
        </select>
      </label>
      {children}
    </div>
  );
}

/** The language filter of the per-language lists. */
export function LangFilter({ value, onChange }: { value: Lang | ''; onChange: (lang: Lang | '') => void }) {
  const t = useContentT();
  return (
    <SelectFilter
      label={t('content.lang')}
      value={value}
      options={[
        { value: '' as const, label: t('content.lang.all') },
        { value: 'zh' as const, label: t('content.lang.zh') },
        { value: 'en' as const, label: t('content.lang.en') },
      ]}
      onChange={onChange}
    />
  );
}

/** A start and an end instant, both optional. */
export function WindowFields({
  startsAt,
  endsAt,
  onChange,
}: {
  startsAt: string;
  endsAt: string;
  onChange: (patch: { startsAt?: string; endsAt?: string }) => void;
}) {
  const t = useContentT();
  return (
    <>
      <DateTimeField label={t('content.startsAt')} value={startsAt} onChange={(v) => onChange({ startsAt: v })} />
      <DateTimeField label={t('content.endsAt')} value={endsAt} onChange={(v) => onChange({ endsAt: v })} />
    </>
  );
}

/** Published, when, and (for a row that exists) whether the save is a new version. */
export function PublishFields({
  published,
  publishAt,
  newVersion,
  newVersionHint,
  onChange,
}: {
  published: boolean;
  publishAt: string;
  /** null: no "new version" switch (a new row is always version 1). */
  newVersion: boolean | null;
  newVersionHint?: string;
  onChange: (patch: { published?: boolean; publishAt?: string; newVersion?: boolean }) => void;
}) {
  const t = useContentT();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <CheckField label={t('content.published')} checked={published} onChange={(v) => onChange({ published: v })} />
      <DateTimeField label={t('content.publishAt')} value={publishAt} onChange={(v) => onChange({ publishAt: v })} />
      {newVersion !== null ? (
        <CheckField
          label={t('content.newVersion')}
          hint={newVersionHint}
          checked={newVersion}
          onChange={(v) => onChange({ newVersion: v })}
        />
      ) : null}
    </div>
  );
}

/** Save, for those who may write content. */
export function SaveButton({
  canWrite,
  busy,
  className = `${primaryButtonClass} self-start`,
}: {
  canWrite: boolean;
  busy: boolean;
  className?: string;
}) {
  const t = useContentT();
  if (!canWrite) return null;
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? t('content.saving') : t('content.save')}
    </button>
  );
}

/** A "new" button in a list's filter bar, for those who may write content. */
export function NewButton({ canWrite, label, onClick }: { canWrite: boolean; label: string; onClick: () => void }) {
  if (!canWrite) return null;
  return (
    <button type="button" className={primaryButtonClass} onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * A row's actions: Edit, and for writers a switch (show/hide, publish/archive, enable/disable) that saves
 * the row as it is with the one flag flipped. `name` tells the rows apart for assistive technology.
 */
export function RowActions({
  name,
  onEdit,
  canWrite,
  switchLabel,
  switching,
  onSwitch,
}: {
  name: string;
  onEdit: () => void;
  canWrite: boolean;
  switchLabel: string;
  switching: boolean;
  onSwitch: (done: { onSuccess: () => void; onError: (e: Error) => void }) => void;
}) {
  const t = useContentT();
  return (
    <div className="flex gap-1">
      <button type="button" className={smallButtonClass} aria-label={`${t('content.edit')} ${name}`} onClick={onEdit}>
        {t('content.edit')}
      </button>
      {canWrite ? (
        <button
          type="button"
          className={smallButtonClass}
          disabled={switching}
          aria-label={`${switchLabel} ${name}`}
          onClick={() => onSwitch(toastResult(t('content.saved')))}
        >
          {switchLabel}
        </button>
      ) : null}
    </div>
  );
}

/**
 * An editor's form state: the fields, the server's refusal and the submit that saves once (not while
 * `busy`), then says so and calls `onSaved`.
 */
export function useEditorForm<Form extends object>(
  initial: Form,
  {
    busy,
    onSaved,
    save,
  }: {
    busy: boolean;
    onSaved: () => void;
    save: (form: Form, done: ReturnType<typeof savedThen>) => void;
  },
) {
  const t = useContentT();
  const [form, setForm] = useState<Form>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    save(form, savedThen(t, onSaved, setError));
  };
  return { form, set, setForm, error, setError, submit };
}

/** An editor panel holding one form whose last control is Save. */
export function EditorForm({
  title,
  onClose,
  error,
  onSubmit,
  canWrite,
  busy,
  children,
}: {
  title: string;
  onClose: () => void;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  canWrite: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  const t = useContentT();
  return (
    <EditorPanel title={title} onClose={onClose} closeLabel={t('content.close')} error={error}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        {children}
        <SaveButton canWrite={canWrite} busy={busy} />
      </form>
    </EditorPanel>
  );
}

/** The title of a per-language row's editor: "edit <key> <language>" or "new". */
export function rowEditorTitle(
  t: ReturnType<typeof useContentT>,
  row: { key: string; lang: Lang } | null,
  editTitle: ContentMessageId,
  newTitle: ContentMessageId,
): string {
  return row ? t(editTitle, { key: row.key, lang: t(langLabel(row.lang)) }) : t(newTitle);
}

/**
 * The editor of a per-language row (banner, notice): its title, the key and language line (with
 * `keyLine` at its end) and the rest of the form. `editor` is the row's `useEditorForm`.
 */
export function LangRowEditor({
  row,
  editTitle,
  newTitle,
  editor,
  onClose,
  canWrite,
  busy,
  keyLine,
  children,
}: {
  row: { key: string; lang: Lang } | null;
  editTitle: ContentMessageId;
  newTitle: ContentMessageId;
  editor: {
    form: { key: string; lang: Lang };
    set: (patch: { key?: string; lang?: Lang }) => void;
    error: string | null;
    submit: (event: FormEvent) => void;
  };
  onClose: () => void;
  canWrite: boolean;
  busy: boolean;
  keyLine?: ReactNode;
  children: ReactNode;
}) {
  const t = useContentT();
  const { form, set, error, submit } = editor;
  return (
    <EditorForm
      title={rowEditorTitle(t, row, editTitle, newTitle)}
      onClose={onClose}
      error={error}
      onSubmit={submit}
      canWrite={canWrite}
      busy={busy}
    >
      <KeyLangFields
        keyValue={form.key}
        lang={form.lang}
        onKey={(key) => set({ key })}
        onLang={(lang) => set({ lang })}
        keyLocked={row !== null}
      >
        {keyLine}
      </KeyLangFields>
      {children}
    </EditorForm>
  );
}
