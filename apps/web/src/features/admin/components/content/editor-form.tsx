import { useState, type FormEvent, type ReactNode } from 'react';
import { roleHasPermission } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { toastResult } from '../toast-result';
import { useAdminMe } from '../../api/session';
import { useContentT } from '../../i18n/content-messages';
import { primaryButtonClass, smallButtonClass } from '../styles';
import { Panel } from '../panel';

export function useCanWriteContent(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'content.write') : false;
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
    <Panel title={title} closeLabel={closeLabel} onClose={onClose}>
      {error ? (
        <p role="alert" className="rounded bg-red-900/40 p-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {children}
    </Panel>
  );
}

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
