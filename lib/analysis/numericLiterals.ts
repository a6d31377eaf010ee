// Numeric literals for the complexity measures (complexity.ts): the token pattern of the
// line-based fallback and of C preprocessor bodies, the value of a Python or C/C++ literal
// token, and the literals of a preprocessor directive. The tree walk (measureTree.ts) gets its
// literal tokens from the grammar and judges them with parseLiteral / trivialLiteral.

const D = String.raw`\d(?:['_]?\d)*`;
const H = String.raw`[\da-fA-F](?:['_]?[\da-fA-F])*`;
/**
 * A numeric literal in running text (fallback and C preprocessor bodies): decimal with optional
 * fraction / exponent (`1e-6`, `3.`, `.5`), hex (also hex floats), binary, octal, `_` and `'`
 * digit separators, and any letter suffix (`2.0f`, `1000000LL`, `1j`). It must not continue an
 * identifier or a number (`x2`, `v1.5.2` -> only `1.5`... `v1` is an identifier, so nothing).
 */
export const NUMBER_TOKEN = new RegExp(
  String.raw`(?<![\w.])(?:0[xX]${H}(?:\.(?:${H})?)?(?:[pP][+-]?${D})?|0[bB][01](?:['_]?[01])*|0[oO][0-7](?:_?[0-7])*|(?:${D}(?:\.(?:${D})?)?|\.${D})(?:[eE][+-]?${D})?)\w*`,
  'g',
);

interface LiteralValue {
  /** Absolute value (NaN when the spelling is not understood, e.g. C++23 `1.0f16`). */
  abs: number;
  /** Hex, binary or octal spelling (bit patterns and masks), or a Python imaginary number. */
  nonDecimal: boolean;
}

/** Value of a Python or C/C++ numeric literal token (a leading sign, as C++ trees keep it, is ignored). */
export function parseLiteral(token: string): LiteralValue {
  const t = token.replace(/^[-+]/, '').replace(/['_]/g, '').toLowerCase();
  if (/^0x/.test(t)) {
    const hex = t.slice(2).replace(/[ulz]+$/, '');
    return { abs: /^[\da-f]+$/.test(hex) ? parseInt(hex, 16) : NaN, nonDecimal: true };
  }
  if (/^0[bo]/.test(t)) return { abs: parseInt(t.slice(2).replace(/[ulz]+$/, ''), t[1] === 'b' ? 2 : 8), nonDecimal: true };
  if (/^0\d+[ulz]*$/.test(t)) return { abs: parseInt(t, 8), nonDecimal: true }; // C octal 017
  if (t.endsWith('j')) return { abs: NaN, nonDecimal: true };
  const m = /^(\d*\.?\d*(?:e[+-]?\d+)?)([a-z]*)$/.exec(t);
  return { abs: m ? Number(m[1]) : NaN, nonDecimal: false };
}

/** 0 and +-1 in any spelling, and every non-decimal spelling: never tunable. */
export function trivialLiteral(v: LiteralValue): boolean {
  return v.nonDecimal || v.abs === 0 || v.abs === 1;
}

/**
 * Literals in the raw text of a preprocessor directive (`#define N 100`, `#pragma unroll 4`),
 * comments and strings removed. Only an object-like `#define` whose whole body is one literal
 * (optionally signed or parenthesized) is tunable: that is the C++ form of a named constant,
 * and the form the BO baseline itself writes its knobs in.
 */
export function preprocLiterals(text: string, objectLikeDefine: boolean): { numeric: number; tunable: number } {
  const body = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])'/g, ' ');
  const tokens = body.match(NUMBER_TOKEN) ?? [];
  let tunable = 0;
  if (objectLikeDefine && tokens.length === 1 && /^\s*\(?\s*[-+]?\s*[^\s()]+\s*\)?\s*$/.test(body) && !trivialLiteral(parseLiteral(tokens[0]))) tunable = 1;
  return { numeric: tokens.length, tunable };
}
