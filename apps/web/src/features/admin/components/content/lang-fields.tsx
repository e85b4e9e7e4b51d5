import type { FormEvent, ReactNode } from 'react';
import { useContentT, type ContentMessageId } from '../../i18n/content-messages';
import type { FilterField } from '../filter-fields';
import { withAll } from '../select-options';
import { LabelledSelect } from '../labelled';
import { EditorForm } from './editor-form';
import { TextField } from './input-fields';

export type Lang = 'zh' | 'en';
const LANGS: readonly Lang[] = ['zh', 'en'];

export const langLabel = (l: Lang) => `content.lang.${l}` as ContentMessageId;

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
      <LabelledSelect label={t('content.lang')} value={lang} disabled={langLocked} onChange={(v) => onLang(v as Lang)}>
        <option value="zh">{t('content.lang.zh')}</option>
        <option value="en">{t('content.lang.en')}</option>
      </LabelledSelect>
      {children}
    </div>
  );
}

/** The language filter of the per-language lists. */
export const langField = <F extends { lang: Lang | '' }>(t: ReturnType<typeof useContentT>): FilterField<F> =>
  ({
    select: 'lang',
    label: t('content.lang'),
    options: withAll('', t('content.lang.all'), LANGS, (l) => t(langLabel(l))),
  }) as FilterField<F>;

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
