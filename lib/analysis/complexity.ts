// Program complexity for the "what gets evolved" view (paper §5.1, Figure 3: lines of code and
// numeric-literal counts over a run), measured on real syntax trees (tree-sitter) so that numbers
// in comments, strings and identifiers are never counted, and with a parser-level estimate of the
// literals a Bayesian-optimisation pass could tune (paper Appendix B.9).
//
// Call `await initParsers()` once per process; programComplexity and complexitySeries are then
// synchronous. A 100-line program takes ~2.5 ms (complexity.bench.ts); on the realistic ~4.5 KB
// programs of the benchmarks, parsing was ~40 % and the cursor walk (a few WASM calls per node)
// the rest. Identical sources are common in a run, so complexitySeries measures each distinct one
// once; programComplexityFrom parses a child incrementally from its parent's tree (~3x less parse),
// and the walk skips every statement it has already walked (statementCache.ts: a child
// repeats its parent's statements), ~2.2x less CPU per realistic source.
//
// This file holds the definitions and the entry points; the tree walk is measureTree.ts, its
// node-type tables complexityGrammar.ts, literal tokens numericLiterals.ts, CUDA normalizeCuda.ts.
import { measureTree } from './measureTree';
import { normalizeCuda } from './normalizeCuda';
import { NUMBER_TOKEN, parseLiteral, trivialLiteral } from './numericLiterals';
import { sourceEdits } from './sourceEdits';
import { parserFor, type ParsedLanguage, type Tree } from './treeSitter';

export { initParsers } from './treeSitter';

/**
 * Version of the measures below: stored complexities (lib/db/complexityCache.ts) are keyed by it,
 * so bump it whenever a change here or in the walk's files (measureTree.ts, complexityGrammar.ts,
 * numericLiterals.ts, normalizeCuda.ts, treeSitter.ts) can change any Complexity field.
 */
export const COMPLEXITY_VERSION = 1;

/**
 * Static measures of one program. These doc comments are the definitions; the tree walk
 * (measureTree.ts) implements them and complexity.test.ts checks them on hand-counted snippets.
 */
export interface Complexity {
  /** Which analysis ran: a real parser ('python', 'cpp') or the line-based fallback ('other'). */
  language: 'python' | 'cpp' | 'other';
  /**
   * Lines with a non-whitespace character outside comments. Comments are the grammar's comment
   * tokens and, in Python, statements that are only a string literal (docstrings, triple-quoted
   * blocks of disabled code). Lines inside a string that is used in code count.
   */
  loc: number;
  /** Physical lines ("a\nb" and "a\nb\n" both have 2; "" has 0). */
  lines: number;
  /**
   * Numeric literal tokens of the grammar (Python integer / float / imaginary; C++ number_literal
   * with its suffix, and its sign when the grammar folds it in, as in `return -1`), plus numbers in
   * the raw text of C preprocessor directives (`#define N 100`, `#pragma unroll 4`). Nothing inside
   * strings (f-string replacement fields included) or comments; `x2` is an identifier.
   */
  numericLiterals: number;
  /**
   * Numeric literals a Bayesian-optimisation pass could tune, after the GOOD / BAD lists of the
   * paper's knob-identification prompt (Appendix B.9) as far as syntax can tell. A literal is NOT
   * tunable when
   *  - its value is 0 or +-1 (any spelling), or it is written in hex, binary or octal (bit
   *    patterns, masks) or is imaginary;
   *  - it is inside an index or a type: subscripts and slices, C array sizes (`int a[64]`,
   *    `new int[n]`), template arguments and parameters, bit-field widths, enumerator values,
   *    case labels / match patterns, attributes (`__launch_bounds__`), decorators, Python type
   *    annotations, `#if` conditions, static_assert;
   *  - it is an element of a list / tuple / set display or a C++ brace initializer, or a dict key
   *    (tables, vertices, basis vectors, shapes);
   *  - it is an operand of `<< >> & | ^ ~` or their compound assignments (also `cout << 3`);
   *  - it is 2 or 0.5 as an exponent (right of `**`, second argument of pow / powf / np.power) or
   *    2 as a divisor (right of `/ // %` or `/=`...): squares, square roots and halves are
   *    identities, not knobs;
   *  - it is an argument of a shape, seed or output call (zeros ones empty full reshape resize
   *    reserve seed srand setprecision setw round print printf fprintf sprintf snprintf format)
   *    or the value of a shape / seed / logging keyword (axis dim shape size dtype seed
   *    random_state decimals ndmin verbose n_jobs maxsize);
   *  - it is in a `#define` whose body is not exactly one literal (`(1 << 20)`), a function-like
   *    macro or another directive (`#pragma unroll 4`).
   * Every other literal is tunable, wherever it appears: assignments and `#define NAME 1.9`,
   * default and keyword arguments, comparisons (threshold dispatches and loop bounds), range()
   * bounds (iteration budgets), other call arguments (CUDA launch configurations included),
   * arithmetic, returns. Problem constants (n = 26) cannot be told from knobs syntactically and
   * count as tunable; literals inside ERROR nodes are judged by what their ancestors still say.
   */
  tunableLiterals: number;
  /**
   * Function definitions with a body: Python def (methods, nested, async, decorated); C/C++
   * function definitions (free, member, template, CUDA kernels). Not lambdas, not prototypes.
   */
  functions: number;
  /**
   * Deepest nesting of control-flow statements, 0 when there are none. Each of Python if / for /
   * while / try / with / match and C/C++ if / for / range-for / while / do / switch / try adds a
   * level; elif / else / except / case clauses and a C++ `else if` do not; function and class
   * definitions do not.
   */
  maxNestingDepth: number;
  /** The tree has ERROR or MISSING nodes: counts come from tree-sitter's best-effort recovery. */
  parseErrors: boolean;
}

const PYTHON_NAMES = new Set(['python', 'py', 'python3']);
const CPP_NAMES = new Set(['cpp', 'c++', 'c', 'cuda', 'cu', 'cc', 'cxx', 'h', 'hpp']);

/** The analysis a language name gets: C, CUDA and headers use the C++ grammar; null is 'other'. */
export function complexityLanguage(language: string | null): Complexity['language'] {
  const lang = language?.trim().toLowerCase().replace(/^\./, '');
  if (!lang) return 'other';
  if (PYTHON_NAMES.has(lang)) return 'python';
  if (CPP_NAMES.has(lang)) return 'cpp';
  return 'other';
}

/**
 * Complexity of one program. Python and the C family are parsed with tree-sitter (parsers must
 * be loaded: `await initParsers()`); every other language, and null, gets the line-based fallback
 * `lineComplexity`, which knows no comments, strings, functions or nesting.
 */
export function programComplexity(code: string, language: string | null): Complexity {
  const lang = complexityLanguage(language);
  if (lang === 'other') return lineComplexity(code);
  const source = lang === 'cpp' ? normalizeCuda(code) : code;
  const tree = parserFor(lang).parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return treeComplexity(tree, lang, source);
  } finally {
    tree.delete();
  }
}

/** A parsed source, kept so that sources derived from it parse incrementally (delete() it when done). */
export interface ParsedSource {
  lang: ParsedLanguage;
  /** The text parsed (after normalizeCuda for the C family). */
  source: string;
  tree: Tree;
}

/**
 * programComplexity, parsing incrementally from `base` (a parsed source this one derives from:
 * its parent's) when given; the result is the same (complexityPool.test.ts compares them).
 * Returns this source's tree for the sources derived from it (null for the fallback languages):
 * the caller owns it and must delete() it. A tree with errors, or a base of another grammar or
 * with errors, is parsed from scratch: error recovery is where an incremental parse could differ.
 */
export function programComplexityFrom(code: string, language: string | null, base: ParsedSource | null): { complexity: Complexity; parsed: ParsedSource | null } {
  const lang = complexityLanguage(language);
  if (lang === 'other') return { complexity: lineComplexity(code), parsed: null };
  const source = lang === 'cpp' ? normalizeCuda(code) : code;
  const parser = parserFor(lang);
  let tree: Tree | null = null;
  const edits = base && base.lang === lang && !base.tree.rootNode.hasError ? sourceEdits(base.source, source) : null;
  if (edits) {
    const old = base!.tree.copy();
    try {
      for (const e of edits) old.edit(e);
      tree = parser.parse(source, old);
    } finally {
      old.delete();
    }
    if (tree?.rootNode.hasError) {
      tree.delete();
      tree = null;
    }
  }
  tree ??= parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return { complexity: treeComplexity(tree, lang, source), parsed: { lang, source, tree } };
  } catch (e) {
    tree.delete();
    throw e;
  }
}

/**
 * The 'other' fallback: LOC = non-blank lines (comments included: the language is unknown);
 * numeric literals = NUMBER_TOKEN matches anywhere, strings and comments included; tunable =
 * those of them that are decimal and neither 0 nor +-1; functions and nesting depth are 0 (not
 * measured).
 */
export function lineComplexity(code: string): Complexity {
  const all = splitPhysicalLines(code);
  const tokens = code.match(NUMBER_TOKEN) ?? [];
  return {
    language: 'other',
    loc: all.filter((l) => /\S/.test(l)).length,
    lines: all.length,
    numericLiterals: tokens.length,
    tunableLiterals: tokens.filter((t) => !trivialLiteral(parseLiteral(t))).length,
    functions: 0,
    maxNestingDepth: 0,
    parseErrors: false,
  };
}

/** The measures of a parsed source: the tree walk's, and its lines of code outside the comments it found. */
function treeComplexity(tree: Tree, lang: ParsedLanguage, source: string): Complexity {
  const m = measureTree(tree, lang, source);
  return {
    language: lang,
    loc: codeLines(source, m.comments),
    lines: splitPhysicalLines(source).length,
    numericLiterals: m.numericLiterals,
    tunableLiterals: m.tunableLiterals,
    functions: m.functions,
    maxNestingDepth: m.maxNestingDepth,
    parseErrors: tree.rootNode.hasError,
  };
}

function splitPhysicalLines(code: string): string[] {
  if (code === '') return [];
  const parts = code.split(/\r\n|\r|\n/);
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Lines with a non-blank character outside the given [start, end) comment spans. */
function codeLines(code: string, comments: number[]): number {
  let text = code;
  if (comments.length > 0) {
    const spans: [number, number][] = [];
    for (let i = 0; i < comments.length; i += 2) spans.push([comments[i], comments[i + 1]]);
    spans.sort((a, b) => a[0] - b[0]);
    const parts: string[] = [];
    let at = 0;
    for (const [s, e] of spans) {
      if (s < at) continue;
      parts.push(code.slice(at, s), code.slice(s, e).replace(/[^\r\n]+/g, ''));
      at = e;
    }
    parts.push(code.slice(at));
    text = parts.join('');
  }
  let n = 0;
  for (const line of splitPhysicalLines(text)) if (/\S/.test(line)) n++;
  return n;
}
