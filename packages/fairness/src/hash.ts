import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Isomorphic primitives (browser and Node), so the verify page runs the server's exact code. */
export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
export const hmacSha256 = (key: string, message: string) => hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));
export { bytesToHex };
