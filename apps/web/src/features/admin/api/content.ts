import type { z } from 'zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  adminActivityPage,
  adminActivitySchema,
  adminBannerImageResult,
  adminBannerPage,
  adminBannerSchema,
  adminDocumentDetail,
  adminDocumentPage,
  adminDocumentSchema,
  adminNoticePage,
  adminNoticeSchema,
  promotionListSchema,
  type DocumentCategory,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';
import { adminDetailQuery, adminPageQuery, useAdminChange } from './admin-query';

/** The Content screen's calls (/api/admin/content/*, docs/OPERATIONS.md screen 10). */

const contentKey = [...adminKeys.all, 'content'] as const;

export interface DocumentFilters {
  category: DocumentCategory | '';
  lang: 'zh' | 'en' | '';
  keyword: string;
  page: number;
}

export const useContentDocuments = (filters: DocumentFilters) =>
  useQuery(adminPageQuery([...contentKey, 'documents', filters], '/api/admin/content/documents', filters, adminDocumentPage));

export const useContentDocument = (key: string | null) =>
  useQuery(adminDetailQuery([...contentKey, 'document', key], '/api/admin/content/document', { key }, adminDocumentDetail));

export interface LangPage {
  lang: 'zh' | 'en' | '';
  page: number;
}

export const useContentNotices = (filters: LangPage) =>
  useQuery(adminPageQuery([...contentKey, 'notices', filters], '/api/admin/content/notices', filters, adminNoticePage));

export const useContentBanners = (filters: LangPage) =>
  useQuery(adminPageQuery([...contentKey, 'banners', filters], '/api/admin/content/banners', filters, adminBannerPage));

export const useContentEvents = (page: number) =>
  useQuery(adminPageQuery([...contentKey, 'events', page], '/api/admin/content/events', { page }, adminActivityPage));

/** What /promotions shows, read through the players' own call (no token needed): figures, not texts. */
export const usePromotionsPagePreview = () =>
  useQuery({
    queryKey: [...contentKey, 'promotions-page'],
    queryFn: () => adminRequest('GET', '/api/common/promotionList', {}, promotionListSchema),
  });

/** Reads a picture file as base64 (no data: prefix) for the upload call. */
function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('read failed'));
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(file);
  });
}

/** Uploads a banner picture; the server re-encodes it and answers the address to put in `image`. */
export const useBannerImageUpload = () =>
  useMutation({
    mutationFn: async (file: File) =>
      adminRequest('POST', '/api/admin/content/banners/image', { data: await fileToBase64(file) }, adminBannerImageResult),
  });

const schemas = {
  'documents/save': adminDocumentSchema,
  'notices/create': adminNoticeSchema,
  'notices/update': adminNoticeSchema,
  'banners/create': adminBannerSchema,
  'banners/update': adminBannerSchema,
  'events/update': adminActivitySchema,
} as const;
export type ContentChange = keyof typeof schemas;

/** Every change is audited on the server; every list of the screen and the audit log refresh after it. */
export function useContentChange<C extends ContentChange>(change: C) {
  type Result = z.output<(typeof schemas)[C]>;
  return useAdminChange((params: AdminParams): Promise<Result> =>
    adminRequest('POST', `/api/admin/content/${change}`, params, schemas[change] as unknown as z.ZodType<Result>),
  );
}
