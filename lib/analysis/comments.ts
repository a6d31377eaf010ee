// Language-aware comment removal for definitions 'default'. EvoReplay cuts every line at its
// first "//" (Python's floor division included) and never removes "#" comments; here a whole
// file is scanned once so that comment markers inside strings, Python's "//" operator and
// multi-line /* ... */ blocks are all treated as the language treats them.

/** How a language writes comments: Python-like "#", or C-like "//" and block comments. */
export type CommentStyle = 'hash' | 'c';

const HASH_LANGS = new Set(['python', 'py', 'python3', 'r', 'ruby', 'rb', 'julia', 'jl', 'shell', 'sh', 'bash', 'perl', 'yaml']);
const C_LANGS = new Set([
  'c', 'cpp', 'c++', 'cc', 'cxx', 'h', 'hpp', 'cuda', 'cu', 'java', 'javascript', 'js', 'typescript', 'ts',
  'rust', 'rs', 'go', 'csharp', 'c#', 'cs', 'kotlin', 'swift', 'scala', 'dart', 'metal', 'opencl', 'glsl',
]);

/**
 * Comment style of a program: from its language when known, else guessed from the code
 * (Python-looking code without "#include" is 'hash', anything else 'c').
 */
export function commentStyle(language: string | null | undefined, code: string): CommentStyle {
  const lang = language?.trim().toLowerCase();
  if (lang && HASH_LANGS.has(lang)) return 'hash';
  if (lang && C_LANGS.has(lang)) return 'c';
  const pythonish = /^[ \t]*(def|import|from|class)[ \t]/m.test(code) && !/^[ \t]*#[ \t]*include\b/m.test(code);
  return pythonish ? 'hash' : 'c';
}

/**
 * The lines of a file with comments removed (strings and everything else kept). Lines without a
 * comment are returned as the same string objects.
 */
export function stripComments(lines: readonly string[], style: CommentStyle): string[] {
  return style === 'hash' ? stripHash(lines) : stripC(lines);
}

const HASH_SPECIAL = /[#'"]/g;
const C_SPECIAL = /[/'"]/g;

/** Python: "#" outside a string starts a comment; strings may be triple-quoted across lines. */
function stripHash(lines: readonly string[]): string[] {
  const out = lines.slice();
  let quote = ''; // the open string's delimiter carried over from an earlier line ("'''", '"""', or "'"/'"' after a backslash)
  for (let n = 0; n < lines.length; n++) {
    const s = lines[n];
    let i = 0;
    if (quote === '' && s.indexOf('#') < 0 && s.indexOf('"') < 0 && s.indexOf("'") < 0) continue;
    while (i < s.length) {
      if (quote !== '') {
        const end = closeString(s, i, quote);
        if (end < 0) {
          // Unclosed: triple quotes continue; a single-quoted string continues only after "\".
          if (quote.length === 1 && !s.endsWith('\\')) quote = '';
          i = s.length;
          break;
        }
        quote = '';
        i = end;
        continue;
      }
      HASH_SPECIAL.lastIndex = i;
      const m = HASH_SPECIAL.exec(s);
      if (!m) break;
      i = m.index;
      const c = s[i];
      if (c === '#') {
        out[n] = s.slice(0, i);
        break;
      }
      quote = s.startsWith(c + c + c, i) ? c + c + c : c;
      i += quote.length;
    }
  }
  return out;
}

/** Index just past the closing `quote` at or after `from`, skipping backslash escapes; -1 if none. */
function closeString(s: string, from: number, quote: string): number {
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === quote[0] && s.startsWith(quote, i)) return i + quote.length;
  }
  return -1;
}

/** C family: "//" to end of line and "/* ... *\/" (across lines), outside string and char literals. */
function stripC(lines: readonly string[]): string[] {
  const out = lines.slice();
  let inBlock = false;
  let quote = ''; // a string continued from the previous line with a trailing backslash
  for (let n = 0; n < lines.length; n++) {
    const s = lines[n];
    if (!inBlock && quote === '' && s.indexOf('/') < 0 && !s.endsWith('\\')) continue;
    let kept = '';
    let from = 0; // start of the code not yet copied to `kept`
    let i = 0;
    let changed = false;
    while (i < s.length) {
      if (inBlock) {
        const end = s.indexOf('*/', i);
        if (end < 0) {
          i = s.length;
          from = i;
          break;
        }
        inBlock = false;
        i = end + 2;
        from = i;
        kept += ' ';
        continue;
      }
      if (quote !== '') {
        const end = closeString(s, i, quote);
        if (end < 0) {
          if (!s.endsWith('\\')) quote = '';
          i = s.length;
          break;
        }
        quote = '';
        i = end;
        continue;
      }
      C_SPECIAL.lastIndex = i;
      const m = C_SPECIAL.exec(s);
      if (!m) break;
      i = m.index;
      const c = s[i];
      if (c === '/' && s[i + 1] === '/') {
        kept += s.slice(from, i);
        from = i = s.length;
        changed = true;
        break;
      }
      if (c === '/' && s[i + 1] === '*') {
        kept += s.slice(from, i);
        inBlock = true;
        changed = true;
        i += 2;
        continue;
      }
      if (c === '"' || (c === "'" && !isDigitSeparator(s, i))) {
        quote = c;
        i++;
        continue;
      }
      i++;
    }
    if (changed || from > 0) out[n] = kept + s.slice(from);
  }
  return out;
}

/** A "'" inside a number (C++14 digit separator, 1'000'000) rather than a char literal. */
function isDigitSeparator(s: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /[0-9A-Za-z_.']/.test(s[k])) k--;
  return k + 1 < i && /[0-9]/.test(s[k + 1]);
}
