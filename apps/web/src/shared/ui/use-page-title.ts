import { useEffect } from 'react';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/zh-CN';

export const SITE_NAME = 'Skinfair';

/** Every page sets document.title as "<page> - Skinfair". */
export function usePageTitle(id: MessageId): string {
  const t = useT();
  const title = t(id);
  useEffect(() => {
    document.title = `${title} - ${SITE_NAME}`;
  }, [title]);
  return title;
}
