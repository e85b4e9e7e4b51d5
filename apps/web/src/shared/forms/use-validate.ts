import { useCallback } from 'react';
import type { z } from 'zod';
import { useLocaleStore } from '../i18n/locale-store';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/zh-CN';
import { validateWith } from './validate';

/** validateWith bound to the current locale; `fallback` is a catalogue id (e.g. a "required" text). */
export function useValidate(): (schema: z.ZodType, value: unknown, fallback?: MessageId) => string | null {
  const locale = useLocaleStore((s) => s.locale);
  const t = useT();
  return useCallback((schema, value, fallback = 'form.invalid') => validateWith(schema, value, locale, t(fallback)), [locale, t]);
}
