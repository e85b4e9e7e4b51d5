import { useContentT } from '../../i18n/content-messages';
import { LabelledInput } from '../labelled';
import { CheckField } from './input-fields';

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

export function DateTimeField({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  return (
    <LabelledInput label={label} type="datetime-local" value={toLocalInput(value || null)} onChange={(v) => onChange(fromLocalInput(v))} />
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
