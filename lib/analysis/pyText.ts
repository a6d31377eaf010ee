// Python str semantics that the line-level analyses depend on. EvoReplay is written in Python;
// JavaScript's split/trim/length differ from Python's on rare characters (form feed, \x1c-\x1f,
// \x85, BOM, astral characters), and exact parity needs Python's behaviour. Both definition sets
// use these helpers so the only differences between them are the documented ones.

/** Characters for which Python's str.isspace() (and the regex class \s) is true. */
const PY_WS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Regex source of one Python whitespace character, for use inside a character class. */
export const PY_WS_CLASS = PY_WS;

const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
const EXOTIC_BREAKS = ['\r', '\v', '\f', '\x1c', '\x1d', '\x1e', '\x85', '\u2028', '\u2029'];
const LEADING_WS = new RegExp(`^[${PY_WS}]+`);
const TRAILING_WS = new RegExp(`[${PY_WS}]+$`);
const ANY_WS = new RegExp(`[${PY_WS}]+`, 'g');

/** Python's str.splitlines(): every Unicode line boundary, no empty last line. */
export function splitLines(s: string): string[] {
  if (s === '') return [];
  // indexOf per character is much faster than one regex character-class scan on long strings.
  const exotic = EXOTIC_BREAKS.some((c) => s.indexOf(c) >= 0);
  const parts = exotic ? s.split(LINE_BREAK) : s.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Python's str.strip() with no argument. */
export function pyStrip(s: string): string {
  if (s === '') return s;
  return s.replace(LEADING_WS, '').replace(TRAILING_WS, '');
}

/** Python's "".join(s.split()): the string without any whitespace. */
export function withoutWhitespace(s: string): string {
  return s.replace(ANY_WS, '');
}

/** Python's len(): code points, so a surrogate pair counts once (a lone surrogate counts once too). */
export function pyLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
