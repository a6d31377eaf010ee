// Strict UTF-8 decoding for untrusted text. A lenient decoder would silently turn bad bytes into
// U+FFFD and the damage would surface much later as a wrong program text or a wrong key; failing
// at the file with the line and byte offset lets the uploader fix the file.
import { InputError } from './errors';

// `fatal` throws on malformed input; the default ignoreBOM=false strips a leading BOM.
const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes `bytes` as UTF-8 or throws InputError 'invalid-utf8' naming `file` and the line of the
 * first bad byte (counted from `firstLine`, for callers that decode one line of a larger file).
 */
export function decodeUtf8Strict(bytes: Uint8Array, file: string, firstLine = 1): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const line = firstLine + countNewlines(bytes, at);
    const what = at < bytes.length ? ` (byte 0x${bytes[at].toString(16).padStart(2, '0')} at offset ${at})` : '';
    throw new InputError('invalid-utf8', `invalid UTF-8${what}`, { file, line });
  }
}

/** Number of line feeds before offset `end`. */
export function countNewlines(bytes: Uint8Array, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) if (bytes[i] === 0x0a) n++;
  return n;
}

/**
 * Offset of the first byte that makes `bytes` invalid UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or `bytes.length` when it is valid. Only used to explain
 * a failure, so it favours clarity over speed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // overlong
      if (b === 0xed) hi = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // overlong
      if (b === 0xf4) hi = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i; // cut in the middle of a character
      if (c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
