import { useQuery } from '@tanstack/react-query';
import { dreamRecordSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { dreamKeys } from './dream-keys';

/** GET /api/upgrade/upgradeRecordPage: the site's recent dreams, newest first. */
export const dreamRecordsQuery = (page: number, pageSize: number) =>
  pageQuery({
    queryKey: dreamKeys.recordPage(page, pageSize),
    path: '/api/upgrade/upgradeRecordPage',
    params: { page, pageSize },
    item: dreamRecordSchema,
  });

export const useDreamRecords = (page: number, pageSize = 10) => useQuery(dreamRecordsQuery(page, pageSize));
