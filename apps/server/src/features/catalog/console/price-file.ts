import { createHash } from 'node:crypto';
import { ITEM_IMPORT_MAX_BYTES, type itemImportEncodings } from '@skinfair/contract';
import { AppError } from '../../../platform/errors.js';

export type PriceFileEncoding = (typeof itemImportEncodings)[number];
export interface PriceFileText {
  text: string;
  encoding: PriceFileEncoding;
  /** SHA-256 of the bytes as uploaded, hex: what `sha256sum` prints for the operator's file. */
  sha256: string;
}

/**
 * Reads an uploaded price list. Excel on Chinese Windows saves "CSV" in the ANSI code page, GBK (936),
 * which GB18030 contains; other tools save UTF-8, often with a BOM. Bytes that are valid UTF-8 are read
 * as UTF-8 (a BOM is dropped; a pure-ASCII list reads the same either way), any other as GB18030. Chinese
 * text in GBK is almost never valid UTF-8, so the guess is safe; bytes that are neither (UTF-16, a
 * spreadsheet) are refused rather than imported as mojibake.
 */
export function decodePriceFile(bytes: Uint8Array): PriceFileText {
  if (bytes.byteLength > ITEM_IMPORT_MAX_BYTES) throw new AppError('ADMIN_ITEM_IMPORT_TOO_LARGE', 'bytes');
  if (bytes.byteLength === 0) throw new AppError('ADMIN_ITEM_IMPORT_FORMAT', 'empty');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const read = (encoding: PriceFileEncoding): PriceFileText | null => {
    try {
      // A fresh decoder each time: `fatal` throws on the first bad byte; the default drops a leading BOM.
      return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding, sha256 };
    } catch {
      return null;
    }
  };
  const file = read('utf-8') ?? read('gb18030');
  // NUL is ASCII in GB18030 but no price list holds it: a UTF-16 file without its BOM reads this way.
  if (!file || file.text.includes('\u0000')) throw new AppError('ADMIN_ITEM_IMPORT_ENCODING', file ? 'NUL' : 'undecodable');
  return file;
}

/** A list pasted as text: already decoded; hashed as its UTF-8, the file it would be when saved. */
export function pastedPriceFile(text: string): PriceFileText {
  if (Buffer.byteLength(text, 'utf8') > ITEM_IMPORT_MAX_BYTES) throw new AppError('ADMIN_ITEM_IMPORT_TOO_LARGE', 'bytes');
  return { text, encoding: 'utf-8', sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

/** The preview's input: the pasted text, or the uploaded bytes (base64) decoded as above. */
export function priceFileOf(params: { content?: string | undefined; contentBase64?: string | undefined }): PriceFileText {
  if (params.content !== undefined) return pastedPriceFile(params.content);
  return decodePriceFile(Buffer.from(params.contentBase64 ?? '', 'base64'));
}
