// JSON as Python's json module writes it. json.dump emits bare NaN, Infinity and -Infinity
// for non-finite floats (a failed evaluation often scores float('-inf')), which JSON.parse
// rejects. Such files are common in evolutionary-run archives and must not fail an import.

import { boundedDepth, JsonTooDeepError } from '../files/jsonDepth';

// Marker strings stand in for the tokens; a NUL prefix keeps them from colliding with real text.
const MARK = '\u0000pyjson:';
const MARK_IN_JSON = '\\u0000pyjson:'; // the same marker, escaped as JSON text must spell it

/** Replaces bare NaN / Infinity / -Infinity tokens outside string literals with marker strings. */
function quoteNonFinite(text: string): string {
  let out = '';
  let i = 0;
  let last = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      // skip the string literal, honouring escapes
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    const token = text.startsWith('NaN', i)
      ? 'NaN'
      : text.startsWith('Infinity', i)
        ? 'Infinity'
        : text.startsWith('-Infinity', i)
          ? '-Infinity'
          : null;
    if (token) {
      out += `${text.slice(last, i)}"${MARK_IN_JSON}${token}"`;
      i += token.length;
      last = i;
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
}

const revive = (_k: string, v: unknown) =>
  typeof v === 'string' && v.startsWith(MARK) ? Number(v.slice(MARK.length)) : v;

/**
 * Parses JSON, accepting Python's NaN / Infinity / -Infinity as the numbers they stand for.
 * Throws JSON.parse's own SyntaxError (e.g. "Unexpected end of JSON input") when the text is
 * not JSON even then, and a JsonTooDeepError (a SyntaxError) for text nested past
 * MAX_JSON_NESTING, which later recursive code (JSON.stringify, zod) could not handle.
 */
export function parsePythonJson(text: string): unknown {
  try {
    return boundedDepth(JSON.parse(text));
  } catch (first) {
    if (first instanceof JsonTooDeepError || !/NaN|Infinity/.test(text)) throw first;
    try {
      return boundedDepth(JSON.parse(quoteNonFinite(text), revive));
    } catch (second) {
      // The reviver recurses: deep text overflows the stack inside JSON.parse.
      if (second instanceof RangeError) throw new JsonTooDeepError();
      // The second message is the truer one (e.g. "Unexpected end of JSON input" for a
      // truncated file with NaNs) unless it quotes our rewritten text.
      throw (second as Error).message.includes('pyjson') ? first : second;
    }
  }
}
