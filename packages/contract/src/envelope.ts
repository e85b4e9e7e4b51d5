import { z } from 'zod';

/** Every response: `{status, msg, data}`, HTTP 200 except 401 (design §2). */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T | null;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data: data.nullable() });

/** Paging shape of spec §7 / api-shapes §3. */
export interface Page<T> {
  pageData: T[];
  page: number;
  pageSize: number;
  totalRows: number;
  totalPages: number;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    pageData: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalRows: z.number().int(),
    totalPages: z.number().int(),
  });

export function toPage<T>(rows: T[], page: number, pageSize: number, totalRows: number): Page<T> {
  return { pageData: rows, page, pageSize, totalRows, totalPages: Math.ceil(totalRows / pageSize) };
}
