// Code tokens of a program for the offline judge: numbers, identifiers, strings, operators, each
// with its 0-based line. Comments (and Python docstrings) are dropped, so that an edit of
// comments or layout alone leaves the token stream unchanged. A scanner in JS rather than a walk
// over tree-sitter leaves: walking every leaf through the wasm cursor costs ~2 ms per 4 KB
// program, ten times the scan; tree-sitter supplies the structure (offlineSyntax.ts).
export type TokenKind = 'num' | 'id' | 'str' | 'op';

export interface Token {
  text: string;
  kind: TokenKind;
  /** 0-based line of the token's first character. */
  line: number;
}

export type TokenDialect = 'python' | 'cpp' | 'other';

const NUMBER = /(?:0[xX][0-9a-fA-F']+|0[bB][01']+|(?:\d[\d_']*\.?[\d_']*|\.\d[\d_']*)(?:[eE][+-]?\d+)?)[a-zA-Z]*/y;
const IDENT = /[A-Za-z_$][\w$]*/y;
const OPS = ['>>=', '<<=', '**=', '//=', '...', '->*', '<=>', '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '//', ':='];

const OPS3 = new Set(OPS.filter((o) => o.length === 3));
const OPS2 = new Set(OPS.filter((o) => o.length === 2));

/** Python string prefixes (r, b, f, u and their pairs) directly before a quote. */
const PY_PREFIX_CHARS = new Set('rRbBfFuU');
const PY_PREFIX = /^(?:[rRbBfFuU]|[rR][bBfF]|[bBfF][rR])$/;

export function tokenize(code: string, dialect: TokenDialect): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 0;
  const n = code.length;
  // Python: a string that is the whole logical line is a docstring / disabled block: a comment.
  let lineStartTokens = 0;
  let bracketDepth = 0;
  const pushString = (text: string, startLine: number) => {
    out.push({ text, kind: 'str', line: startLine });
  };
  while (i < n) {
    const c = code[i];
    if (c === '\n') {
      if (dialect === 'python' && out.length === lineStartTokens + 1 && out[out.length - 1].kind === 'str' && bracketDepth === 0) out.pop();
      line++;
      i++;
      lineStartTokens = out.length;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '\\' && code[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    // Comments.
    if ((dialect === 'python' && c === '#') || (dialect !== 'python' && c === '/' && code[i + 1] === '/') || (dialect === 'other' && c === '#' && !/^#\s*(include|import|define|pragma|if|endif|else)/.test(code.slice(i, i + 10)))) {
      while (i < n && code[i] !== '\n') i++;
      continue;
    }
    if (dialect !== 'python' && c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let k = i; k < stop; k++) if (code[k] === '\n') line++;
      i = stop;
      continue;
    }
    // Strings.
    if (c === '"' || c === "'" || (dialect === 'python' && PY_PREFIX_CHARS.has(c) && isPyStringStart(code, i))) {
      const start = i;
      const startLine = line;
      while (code[i] !== '"' && code[i] !== "'") i++;
      const q = code[i];
      const triple = dialect === 'python' && code[i + 1] === q && code[i + 2] === q;
      if (triple) {
        const end = code.indexOf(q + q + q, i + 3);
        const stop = end < 0 ? n : end + 3;
        for (let k = i; k < stop; k++) if (code[k] === '\n') line++;
        i = stop;
      } else {
        i++;
        while (i < n && code[i] !== q && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
        i++;
        if (i > n) i = n;
      }
      pushString(code.slice(start, i), startLine);
      continue;
    }
    if (c >= '0' && c <= '9' || (c === '.' && code[i + 1] >= '0' && code[i + 1] <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(code);
      const text = m ? m[0] : c;
      out.push({ text, kind: 'num', line });
      i += text.length;
      continue;
    }
    IDENT.lastIndex = i;
    const id = IDENT.exec(code);
    if (id) {
      out.push({ text: id[0], kind: 'id', line });
      i += id[0].length;
      continue;
    }
    if (dialect !== 'python' && c === '#') {
      // Preprocessor directive name as one token: '#include', '#define', '#pragma'.
      const m = /^#\s*(\w+)/.exec(code.slice(i, i + 40));
      if (m) {
        out.push({ text: `#${m[1]}`, kind: 'op', line });
        i += m[0].length;
        continue;
      }
    }
    const op = OPS3.has(code.substr(i, 3)) ? code.substr(i, 3) : OPS2.has(code.substr(i, 2)) ? code.substr(i, 2) : c;
    if (op === '(' || op === '[' || op === '{') bracketDepth++;
    else if ((op === ')' || op === ']' || op === '}') && bracketDepth > 0) bracketDepth--;
    out.push({ text: op, kind: 'op', line });
    i += op.length;
  }
  if (dialect === 'python' && out.length === lineStartTokens + 1 && out[out.length - 1].kind === 'str') out.pop();
  return out;
}

function isPyStringStart(code: string, i: number): boolean {
  if (i > 0 && /[\w$]/.test(code[i - 1])) return false;
  let j = i;
  while (j < code.length && j - i < 3 && /[rRbBfFuU]/.test(code[j])) j++;
  return (code[j] === '"' || code[j] === "'") && PY_PREFIX.test(code.slice(i, j));
}

const CONFIG_WORDS = new Set(['True', 'False', 'None', 'true', 'false', 'nullptr', 'NULL']);

/** A literal a configuration value can be: a number, a string, a boolean / null constant. */
export const isLiteral = (t: Token) => t.kind === 'num' || t.kind === 'str' || (t.kind === 'id' && CONFIG_WORDS.has(t.text));

/** A positive number below 1e-5 written with an exponent (`1e-12`): a tolerance, not a tuned value. */
export const isTolerance = (t: Token) => t.kind === 'num' && /e-\d+$/i.test(t.text) && Number(t.text) > 0 && Number(t.text) < 1e-5;
