import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './zh-CN';

type Values = Record<string, string | number>;

/** Typed message lookup: an unknown id is a compile error, not a blank label. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
