/**
 * A price-list file as the import sends it: its bytes (base64) go to the server, which decides the encoding
 * (UTF-8, else GBK/GB18030 as Excel on Chinese Windows saves). `text` is the same rule applied here, only so
 * the operator sees the list before the preview; the preview answers the encoding the server used.
 */
export interface PriceFile {
  name: string;
  base64: string;
  text: string;
}

function decodeForDisplay(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a million arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** FileReader rather than Blob.arrayBuffer(): the same in every browser the console supports, and in jsdom. */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('read failed'));
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(file);
  });
}

export async function readPriceFile(file: File): Promise<PriceFile> {
  const bytes = await readBytes(file);
  return { name: file.name, base64: toBase64(bytes), text: decodeForDisplay(bytes) };
}
