import { z } from 'zod';
import { errorCatalogue, type ErrorCode, type Lang } from '@skinfair/contract';
import { AppError } from '../errors.js';

const localeErrors = {
  zh: z.locales.zhCN().localeError,
  en: z.locales.en().localeError,
};

/** Contract schemas attach catalogue texts to fields (e.g. a mobile number's pattern → MOBILE_INVALID). */
const codeByText = new Map<string, ErrorCode>((Object.keys(errorCatalogue) as ErrorCode[]).map((code) => [errorCatalogue[code].zh, code]));

/** A validation failure with zod's own text in the request's language. */
export class ParamError extends AppError {
  constructor(readonly userMessage: string) {
    super('PARAM_INVALID', userMessage);
  }
}

/**
 * Parses input with a contract schema. A catalogue text on the failing field becomes that catalogue
 * error (its own status); anything else is PARAM_INVALID naming the parameter.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.output<S> {
  const result = schema.safeParse(input, { error: localeErrors[lang] });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const code = issue ? codeByText.get(issue.message) : undefined;
  if (code) throw new AppError(code, issue?.path.join('.'));
  const field = issue?.path.join('.') ?? '';
  const prefix = lang === 'zh' ? '参数错误' : 'Invalid parameter';
  throw new ParamError(`${prefix}${field ? ` ${field}` : ''}: ${issue?.message ?? ''}`);
}
