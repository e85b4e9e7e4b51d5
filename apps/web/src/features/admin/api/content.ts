import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The Content screen's calls (/api/admin/content/*, docs/OPERATIONS.md screen 10). */

const contentKey = [...adminKeys.all, 'content'] as const;
const PAGE_SIZE = 20;

export interface DocumentFilters {
  category: DocumentCategory | '';
  lang: 'zh' | 'en' | '';
  keyword: string;
  page: number;
}

export const useContentDocuments = (filters: DocumentFilters) =>
  useQuery({
    queryKey: [...contentKey, 'documents', filters],
    queryFn: () => adminRequest('GET', '/api/admin/content/documents', { ...filters, pageSize: PAGE_SIZE }, adminDocumentPage),
    placeholderData: keepPreviousData,
  });

export const useContentDocument = (key: string | null) =>
  useQuery({
    queryKey: [...contentKey, 'document', key],
    queryFn: () => adminRequest('GET', '/api/admin/content/document', { key }, adminDocumentDetail),
    enabled: key !== null,
  });

export interface LangPage {
  lang: 'zh' | 'en' | '';
  page: number;
}

export const useContentNotices = (filters: LangPage) =>
  useQuery({
    queryKey: [...contentKey, 'notices', filters],
    queryFn: () => adminRequest('GET', '/api/admin/content/notices', { ...filters, pageSize: PAGE_SIZE }, adminNoticePage),
    placeholderData: keepPreviousData,
  });

export const useContentBanners = (filters: LangPage) =>
  useQuery({
    queryKey: [...contentKey, 'banners', filters],
    queryFn: () => adminRequest('GET', '/api/admin/content/banners', { ...filters, pageSize: PAGE_SIZE }, adminBannerPage),
    placeholderData: keepPreviousData,
  });

export const useContentEvents = (page: number) =>
  useQuery({
    queryKey: [...contentKey, 'events', page],
    queryFn: () => adminRequest('GET', '/api/admin/content/events', { page, pageSize: PAGE_SIZE }, adminActivityPage),
    placeholderData: keepPreviousData,
  });

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AdminParams): Promise<Result> =>
      adminRequest('POST', `/api/admin/content/${change}`, params, schemas[change] as unknown as z.ZodType<Result>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
