import { errorCatalogue, type ErrorCode } from '@skinfair/contract';
import type { z } from 'zod';

const byChinese = new Map<string, ErrorCode>(Object.entries(errorCatalogue).map(([code, entry]) => [entry.zh, code as ErrorCode]));

const isEnglish = (locale: string) => locale.toLowerCase().startsWith('en');

/** A catalogue message (the contract schemas carry the Chinese text) in the current language. */
export function catalogueText(code: ErrorCode, locale: string): string {
  const entry = errorCatalogue[code];
  return isEnglish(locale) ? entry.en : entry.zh;
}

/**
 * Validates one value with a contract schema, so the client shows exactly the server's message.
 * The schemas carry catalogue texts in Chinese; in English the same catalogue entry's English text is
 * shown. Messages zod makes up itself (min length and the like) become `fallback`.
 */
export function validateWith(schema: z.ZodType, value: unknown, locale: string, fallback: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? '';
  const code = byChinese.get(message);
  return code ? catalogueText(code, locale) : fallback;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first field (in form order) that has an error, for focusing it. */
export function firstError<K extends string>(order: readonly K[], errors: FieldErrors<K>): K | null {
  return order.find((key) => errors[key]) ?? null;
}

/** After a failed submit: focus the first field marked invalid (keyboard and screen-reader users). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export const hasErrors = (errors: Record<string, string | null | undefined>) => Object.values(errors).some(Boolean);
