// The numeric literals of a program as the syntax tree has them (tree-sitter, never a regex):
// each with its signed span (a unary minus applied directly to the literal belongs to it, so
// `-0.1` is one literal of value -0.1 and the rewrite replaces the sign with it), its value and
// its kind. Shared by the offline finder, the LLM proposal's validation and the rewrite, so all
// three agree on what "the literal at [start, end)" is. Offsets are JS string indices (what
// web-tree-sitter reports when it parses a JS string).
import type { Node, Tree } from '@vscode/tree-sitter-wasm';
import { normalizeCuda } from '../../analysis/normalizeCuda';
import { parseLiteral } from '../../analysis/numericLiterals';
import { parserFor } from '../../analysis/treeSitter';
import type { KnobLanguage } from '../../contracts/interventionTypes';

export interface LiteralSite {
  /** The literal token itself (unsigned). */
  node: Node;
  /** The node replaced by a rewrite: the unary minus around the literal, or the literal. */
  outer: Node;
  start: number;
  end: number;
  /** Exactly source.slice(start, end): "-0.1", "1e-6", "150000", "2.0f". */
  text: string;
  /** Signed value; NaN when the spelling is not understood. */
  value: number;
  type: 'int' | 'float';
  /** Hex / binary / octal spelling, or a Python imaginary number. */
  nonDecimal: boolean;
  /** C/C++ suffix of the literal (f, L, LL, u, ULL ...), '' in Python. */
  suffix: string;
  /** 1-based line of the literal's start. */
  line: number;
}

const LITERAL_TYPES: Record<KnobLanguage, ReadonlySet<string>> = {
  python: new Set(['integer', 'float']),
  cpp: new Set(['number_literal']),
};
const UNARY: Record<KnobLanguage, string> = { python: 'unary_operator', cpp: 'unary_expression' };

/** Parse a program (C++: CUDA syntax normalised first, same length and lines). Delete the tree after use. */
export function parseProgram(source: string, language: KnobLanguage): Tree {
  const tree = parserFor(language).parse(language === 'cpp' ? normalizeCuda(source) : source);
  if (!tree) throw new Error('tree-sitter returned no syntax tree');
  return tree;
}

/** Whether the literal spelling is an integer (no fraction, no exponent) in its language. */
function integerSpelling(token: string, language: KnobLanguage): boolean {
  const t = token.replace(/^[-+]\s*/, '').toLowerCase();
  if (/^0[xbo]/.test(t)) return !(language === 'cpp' && /[.p]/.test(t));
  return !/[.e]/.test(t.replace(/[a-z]+$/, (s) => (language === 'cpp' ? '' : s)));
}

/** The literal site of a literal node (its sign folded in when a unary minus applies to it directly). */
export function siteOf(node: Node, source: string, language: KnobLanguage): LiteralSite {
  let outer = node;
  const parent = node.parent;
  if (parent && parent.type === UNARY[language] && parent.childForFieldName('argument')?.equals(node)) {
    const op = parent.childForFieldName('operator')?.type ?? parent.child(0)?.type;
    if (op === '-') outer = parent;
  }
  const text = source.slice(outer.startIndex, outer.endIndex);
  const token = source.slice(node.startIndex, node.endIndex);
  const parsed = parseLiteral(token);
  // C++ trees fold a sign into the token itself in some positions (`double a = -0.5`).
  const negative = outer !== node || token.trimStart().startsWith('-');
  const suffix = language === 'cpp' && !parsed.nonDecimal ? (/[a-zA-Z]*$/.exec(token.replace(/[eE][-+]?\d+/, ''))?.[0] ?? '') : '';
  return {
    node,
    outer,
    start: outer.startIndex,
    end: outer.endIndex,
    text,
    value: negative ? -parsed.abs : parsed.abs,
    type: integerSpelling(token, language) ? 'int' : 'float',
    nonDecimal: parsed.nonDecimal,
    suffix,
    line: outer.startPosition.row + 1,
  };
}

/** Every numeric literal of the tree in source order (strings and comments hold none: they are not number nodes). */
export function literalSites(tree: Tree, source: string, language: KnobLanguage): LiteralSite[] {
  const types = LITERAL_TYPES[language];
  const out: LiteralSite[] = [];
  const cursor = tree.walk();
  try {
    let more = true;
    while (more) {
      if (types.has(cursor.nodeType)) out.push(siteOf(cursor.currentNode, source, language));
      else if (cursor.gotoFirstChild()) continue;
      while (!(more = cursor.gotoNextSibling()) && cursor.gotoParent()) {
        /* climb until a sibling exists */
      }
    }
  } finally {
    cursor.delete();
  }
  return out;
}

/** The 1-based line `line` of the source, verbatim (no line break). */
export function lineText(source: string, line: number): string {
  return source.split(/\r?\n/)[line - 1] ?? '';
}
