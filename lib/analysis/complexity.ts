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
// and the walk skips every statement it has already walked (the statement cache below: a child
// repeats its parent's statements), ~2.2x less CPU per realistic source.
import { sourceEdits } from './sourceEdits';
import { parserFor, type Language, type ParsedLanguage, type Tree } from './treeSitter';

export { initParsers } from './treeSitter';

/**
 * Version of the measures below: stored complexities (lib/db/complexityCache.ts) are keyed by it,
 * so bump it whenever a change here can change any Complexity field.
 */
export const COMPLEXITY_VERSION = 1;

/**
 * Static measures of one program. These doc comments are the definitions; the tree walk below
 * implements them and complexity.test.ts checks them on hand-counted snippets.
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
    return measureTree(tree, lang, source);
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
    return { complexity: measureTree(tree, lang, source), parsed: { lang, source, tree } };
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

function splitPhysicalLines(code: string): string[] {
  if (code === '') return [];
  const parts = code.split(/\r\n|\r|\n/);
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Numeric tokens

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
function trivialLiteral(v: LiteralValue): boolean {
  return v.nonDecimal || v.abs === 0 || v.abs === 1;
}

// ---------------------------------------------------------------------------------------------
// CUDA

/**
 * CUDA through the C++ grammar without spurious errors: execution-space qualifiers become blanks,
 * `k<<<grid, block>>>(args)` becomes the call `k(  grid, block  )(args)` (its launch-configuration
 * literals are then call arguments), and `__launch_bounds__(...)` / `__align__(...)` become C++11
 * attributes. Every rewrite keeps the text's length and line breaks.
 */
export function normalizeCuda(code: string): string {
  if (!code.includes('__') && !code.includes('<<<')) return code;
  return code
    .replace(/\b__(?:global|device|host|shared|constant|managed|forceinline|noinline|grid_constant)__\b/g, (m) => ' '.repeat(m.length))
    .replace(/<<<([^;]*?)>>>/g, (_m, inner: string) => `(  ${inner}  )`)
    .replace(/\b__launch_bounds__\(([^()]*)\)/g, (_m, a: string) => `[[launch_bounds(${a})]]`)
    .replace(/\b__align__\(([^()]*)\)/g, (_m, a: string) => `[[align(${a})]]`);
}

// ---------------------------------------------------------------------------------------------
// Tree walk

const LIT = 1 << 0; //        numeric literal token
const SKIP = 1 << 1; //       string or character literal: nothing inside is counted (f-strings included)
const COMMENT = 1 << 2;
const FUNC = 1 << 3; //       named function definition
const CONTROL = 1 << 4; //    control-flow statement: one nesting level
const WRAP = 1 << 5; //       transparent around a literal: parentheses, unary + - ~ !
const BINARY = 1 << 6; //     binary or compound-assignment operator (its operator is its first anonymous child)
const ARGS = 1 << 7; //       call argument list
const CALL = 1 << 8; //       call: the first child is the callee
const KWARG = 1 << 9; //      keyword argument: the first child is the name
const COLLECTION = 1 << 10; // list / tuple / set display, C++ brace initializer list
const ZONE = 1 << 11; //      nothing in this subtree is tunable
const PREPROC_ARG = 1 << 12; // raw text of a C preprocessor directive
const EXPR_STMT = 1 << 13; // Python expression statement (a bare string one is a comment)
const ELSE = 1 << 14; //      C++ else clause: an `if` directly inside is `else if`, not nesting
const LEAF = 1 << 15; //      named type that never has children: not asked for any (a WASM call saved per identifier)

interface Table {
  flags: Record<string, number>;
  /** Per node type, the field whose subtree is a non-tunable zone. */
  zoneFields: Record<string, string>;
}

const SHARED_FLAGS: Record<string, number> = {
  identifier: LEAF,
  true: LEAF,
  false: LEAF,
  comment: COMMENT,
  parenthesized_expression: WRAP,
  argument_list: ARGS,
  function_definition: FUNC,
  if_statement: CONTROL,
  for_statement: CONTROL,
  while_statement: CONTROL,
  try_statement: CONTROL,
  concatenated_string: SKIP,
};

const TABLES: Record<ParsedLanguage, Table> = {
  python: {
    flags: {
      ...SHARED_FLAGS,
      integer: LIT,
      float: LIT,
      string: SKIP,
      with_statement: CONTROL,
      match_statement: CONTROL,
      unary_operator: WRAP,
      binary_operator: BINARY,
      augmented_assignment: BINARY,
      call: CALL,
      keyword_argument: KWARG,
      list: COLLECTION,
      tuple: COLLECTION,
      set: COLLECTION,
      decorator: ZONE,
      case_pattern: ZONE,
      type: ZONE,
      expression_statement: EXPR_STMT,
      none: LEAF,
    },
    zoneFields: { subscript: 'subscript', pair: 'key' },
  },
  cpp: {
    flags: {
      ...SHARED_FLAGS,
      number_literal: LIT,
      string_literal: SKIP,
      raw_string_literal: SKIP,
      char_literal: SKIP,
      system_lib_string: SKIP,
      for_range_loop: CONTROL,
      do_statement: CONTROL,
      switch_statement: CONTROL,
      unary_expression: WRAP,
      binary_expression: BINARY,
      assignment_expression: BINARY,
      call_expression: CALL,
      initializer_list: COLLECTION,
      template_argument_list: ZONE,
      template_parameter_list: ZONE,
      subscript_argument_list: ZONE,
      subscript_designator: ZONE,
      attribute_specifier: ZONE,
      attribute_declaration: ZONE,
      attribute: ZONE,
      enumerator: ZONE,
      bitfield_clause: ZONE,
      new_declarator: ZONE,
      static_assert_declaration: ZONE,
      preproc_arg: PREPROC_ARG,
      else_clause: ELSE,
      field_identifier: LEAF,
      type_identifier: LEAF,
      namespace_identifier: LEAF,
      primitive_type: LEAF,
      null: LEAF,
      this: LEAF,
    },
    zoneFields: {
      array_declarator: 'size',
      case_statement: 'value',
      preproc_if: 'condition',
      preproc_elif: 'condition',
      subscript_expression: 'index',
    },
  },
};

/** Operators whose operands are bit patterns or stream insertions, never knobs. */
const BITWISE = new Set(['<<', '>>', '&', '|', '^', '<<=', '>>=', '&=', '|=', '^=']);
const EXPONENT = new Set(['**', '**=']);
const DIVISION = new Set(['/', '//', '%', '/=', '//=', '%=']);
/** Calls whose arguments are shapes, seeds or output formatting. */
const SHAPE_SEED_FORMAT_CALLS = new Set([
  'zeros', 'ones', 'empty', 'full', 'reshape', 'resize', 'reserve', 'seed', 'srand', 'setprecision',
  'setw', 'round', 'print', 'printf', 'fprintf', 'sprintf', 'snprintf', 'format',
]);
const POW_CALLS = new Set(['pow', 'powf', 'powl', 'power', 'float_power']);
/** Keyword arguments that are shapes, axes, seeds or logging. */
const SHAPE_SEED_KEYWORDS = new Set([
  'axis', 'dim', 'shape', 'size', 'dtype', 'seed', 'random_state', 'decimals', 'ndmin', 'verbose', 'n_jobs', 'maxsize',
]);

interface Grammar {
  flags: Uint16Array;
  /** Named children of this type are statements (STATEMENT_CONTAINERS). */
  container: Uint8Array;
  named: Uint8Array;
  types: string[];
  zoneField: Int32Array;
}

const grammars = new WeakMap<Language, Grammar>();

/** Per-type-id lookup tables for one loaded grammar (type ids are how the cursor walk reads nodes cheaply). */
function grammarFor(language: Language, lang: ParsedLanguage): Grammar {
  let g = grammars.get(language);
  if (g) return g;
  const table = TABLES[lang];
  const size = 0x10000; // ERROR is type id 65535
  g = { flags: new Uint16Array(size), container: new Uint8Array(size), named: new Uint8Array(size), types: new Array<string>(size).fill(''), zoneField: new Int32Array(size).fill(-1) };
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const name = language.nodeTypeForId(id) ?? '';
    const isNamed = language.nodeTypeIsNamed(id);
    g.types[id] = name;
    g.named[id] = isNamed ? 1 : 0;
    if (!isNamed) continue;
    g.flags[id] = table.flags[name] ?? 0;
    if (STATEMENT_CONTAINERS[lang].includes(name)) g.container[id] = 1;
    const field = table.zoneFields[name];
    if (field) g.zoneField[id] = language.fieldIdForName(field) ?? -1;
  }
  g.named[0xffff] = 1;
  g.types[0xffff] = 'ERROR';
  grammars.set(language, g);
  return g;
}

/** A literal waiting for its context (the operator of a binary expression may follow it). */
interface Pending {
  abs: number;
  /** Right operand of a binary operator (entered after the operator). */
  right: boolean;
  /** Position among the named children of its effective parent (argument index). */
  pos: number;
}

interface Frame {
  tid: number;
  flags: number;
  zone: boolean;
  ctl: number;
  /** First anonymous child's type (BINARY / WRAP frames): the operator. */
  op: string | null;
  kids: number;
  namedKids: number;
  /** This node was entered after its parent's operator. */
  afterOp: boolean;
  /** This node's position among its parent's named children. */
  pos: number;
  /** Span of the first child (callee, keyword name) or of a bare string statement's string. */
  spanStart: number;
  spanEnd: number;
  pending: Pending[];
  /** Deepest control nesting in this subtree (this node's own level included). */
  maxCtl: number;
  /** A statement whose measures are stored in the statement cache once its subtree is walked. */
  cacheKey: string | null;
  /** Counters and comment count when the statement was entered, and its start. */
  snap: [numeric: number, tunable: number, functions: number, comments: number, start: number];
}

function newFrame(): Frame {
  return {
    tid: 0, flags: 0, zone: false, ctl: 0, op: null, kids: 0, namedKids: 0, afterOp: false, pos: -1, spanStart: -1, spanEnd: -1, pending: [],
    maxCtl: 0, cacheKey: null, snap: [0, 0, 0, 0, 0],
  };
}

// ---------------------------------------------------------------------------------------------
// Statement cache

/**
 * What one statement (a child of a block) adds to a program's measures. A statement's subtree
 * decides all of them by itself: none of its literals is judged above it (a statement is never a
 * transparent wrapper), its nesting only adds to its block's, and its comments are spans of its
 * own text. So equal text (same node type, same inherited zone) gives equal measures.
 */
interface StatementMeasures {
  numeric: number;
  tunable: number;
  functions: number;
  /** Deepest control nesting inside, relative to the enclosing block's level. */
  depth: number;
  /** Comment [start, end) spans relative to the statement's start. */
  comments: number[];
}

/**
 * Statements already walked, per grammar, by text: in an evolutionary run a child repeats almost
 * every statement of its parent (one to five lines edited), so most of a source's statements are
 * not walked again (the walk costs a few WASM calls per node). Bounded: cleared when full.
 * Trees with errors never use it (error recovery can depend on the surroundings).
 */
const statementCaches = new Map<ParsedLanguage, Map<string, StatementMeasures>>();
const STATEMENT_CACHE_ENTRIES = 20_000;
/** And at most this many characters of statement text (whole functions are statements too). */
const STATEMENT_CACHE_CHARS = 8_000_000;
let statementCacheChars = 0;
/** Shorter statements are walked: a lookup costs about as much as walking a handful of nodes. */
const MIN_CACHED_STATEMENT = 24;
let statementCacheOn = true;
/** Statements measured from the cache and walked (and stored) since the last useStatementCache. */
export const statementCacheStats = { hits: 0, stored: 0 };

/** Turns the statement cache off (tests compare with a walk of every node) or on again; clears it. */
export function useStatementCache(on: boolean) {
  statementCacheOn = on;
  statementCaches.clear();
  statementCacheChars = 0;
  statementCacheStats.hits = 0;
  statementCacheStats.stored = 0;
}

/** Node types whose named children are statements (cached when long enough). */
const STATEMENT_CONTAINERS: Record<ParsedLanguage, string[]> = {
  python: ['module', 'block'],
  cpp: ['translation_unit', 'compound_statement', 'declaration_list'],
};

function measureTree(tree: Tree, lang: ParsedLanguage, code: string): Complexity {
  const g = grammarFor(tree.language, lang);
  const cur = tree.walk();
  const frames: Frame[] = [newFrame()];
  const comments: number[] = []; // [start, end) pairs in string indices
  let top = 0;
  let numeric = 0;
  let tunable = 0;
  let functions = 0;
  let depth = 0;
  let cache: Map<string, StatementMeasures> | null = null;
  if (statementCacheOn && !tree.rootNode.hasError) {
    cache = statementCaches.get(lang) ?? new Map();
    statementCaches.set(lang, cache);
    if (cache.size >= STATEMENT_CACHE_ENTRIES || statementCacheChars >= STATEMENT_CACHE_CHARS) {
      for (const c of statementCaches.values()) c.clear();
      statementCacheChars = 0;
    }
  }
  let key: string | null = null;
  let keyStart = 0;

  const resolve = (e: Frame, parent: Frame | undefined) => {
    for (const p of e.pending) if (tunableIn(e, parent, p, code)) tunable++;
    e.pending.length = 0;
  };

  try {
    const root = frames[0];
    Object.assign(root, newFrame(), { tid: cur.nodeTypeId, flags: g.flags[cur.nodeTypeId] });
    let more = cur.gotoFirstChild();
    while (more) {
      const tid = cur.nodeTypeId;
      const f = g.flags[tid];
      const parent = frames[top];
      parent.kids++;
      const afterOp = parent.op !== null;
      let pos = -1;
      if (!g.named[tid]) {
        if (parent.op === null && parent.flags & (BINARY | WRAP)) parent.op = g.types[tid];
      } else if (!(f & COMMENT)) pos = parent.namedKids++;
      if (parent.kids === 1 && parent.flags & (CALL | KWARG)) {
        parent.spanStart = cur.startIndex;
        parent.spanEnd = cur.endIndex;
      }
      let zone = parent.zone || (f & ZONE) !== 0;
      const zoneField = g.zoneField[parent.tid];
      if (!zone && zoneField >= 0 && cur.currentFieldId === zoneField) zone = true;

      let descend = false;
      if (f & LIT) {
        numeric++;
        const v = parseLiteral(code.slice(cur.startIndex, cur.endIndex));
        if (!zone && !trivialLiteral(v)) {
          // Effective parent: the nearest ancestor that is not a transparent wrapper.
          let i = top;
          let right = afterOp;
          let at = pos;
          let bitwise = false;
          while (i > 0 && frames[i].flags & WRAP) {
            if (frames[i].op === '~') bitwise = true;
            right = frames[i].afterOp;
            at = frames[i].pos;
            i--;
          }
          if (!bitwise) frames[i].pending.push({ abs: v.abs, right, pos: at });
        }
      } else if (f & COMMENT) {
        comments.push(cur.startIndex, cur.endIndex);
      } else if (f & SKIP) {
        if (parent.kids === 1 && parent.flags & EXPR_STMT) {
          parent.spanStart = cur.startIndex;
          parent.spanEnd = cur.endIndex;
        }
      } else if (f & PREPROC_ARG) {
        const counts = preprocLiterals(code.slice(cur.startIndex, cur.endIndex), g.types[parent.tid] === 'preproc_def');
        numeric += counts.numeric;
        if (!zone) tunable += counts.tunable;
      } else {
        descend = g.named[tid] === 1 && !(f & LEAF);
        key = null;
        if (descend && cache && g.container[parent.tid] && !(f & WRAP)) {
          const start = cur.startIndex;
          const end = cur.endIndex;
          if (end - start >= MIN_CACHED_STATEMENT) {
            const k = `${zone ? 'z' : ''}${tid}:${code.slice(start, end)}`;
            const hit = cache.get(k);
            if (hit) {
              numeric += hit.numeric;
              tunable += hit.tunable;
              functions += hit.functions;
              if (parent.ctl + hit.depth > depth) depth = parent.ctl + hit.depth;
              if (parent.ctl + hit.depth > parent.maxCtl) parent.maxCtl = parent.ctl + hit.depth;
              for (const c of hit.comments) comments.push(start + c);
              descend = false;
              statementCacheStats.hits++;
            } else {
              key = k;
              keyStart = start;
            }
          }
        }
        if (descend && f & FUNC) functions++;
      }

      if (descend && cur.gotoFirstChild()) {
        const ctl = parent.ctl + (f & CONTROL && !(parent.flags & ELSE) ? 1 : 0);
        if (ctl > depth) depth = ctl;
        top++;
        const fr = (frames[top] ??= newFrame());
        fr.tid = tid;
        fr.flags = f;
        fr.zone = zone;
        fr.ctl = ctl;
        fr.op = null;
        fr.kids = 0;
        fr.namedKids = 0;
        fr.afterOp = afterOp;
        fr.pos = pos;
        fr.spanStart = -1;
        fr.spanEnd = -1;
        fr.maxCtl = ctl;
        fr.cacheKey = key;
        if (key !== null) {
          // Counted before this node's own function definition (counted above): undo for the snapshot.
          fr.snap[0] = numeric;
          fr.snap[1] = tunable;
          fr.snap[2] = functions - (f & FUNC ? 1 : 0);
          fr.snap[3] = comments.length;
          fr.snap[4] = keyStart;
        }
        continue;
      }
      while (!(more = cur.gotoNextSibling()) && top > 0) {
        cur.gotoParent();
        const done = frames[top];
        const up = frames[top - 1];
        if (done.flags & EXPR_STMT && done.kids === 1 && done.spanStart >= 0) comments.push(done.spanStart, done.spanEnd);
        resolve(done, up);
        if (done.maxCtl > up.maxCtl) up.maxCtl = done.maxCtl;
        if (done.cacheKey !== null && cache) {
          const [n0, t0, f0, c0, start] = done.snap;
          const own: number[] = [];
          for (let i = c0; i < comments.length; i++) own.push(comments[i] - start);
          cache.set(done.cacheKey, { numeric: numeric - n0, tunable: tunable - t0, functions: functions - f0, depth: done.maxCtl - up.ctl, comments: own });
          statementCacheStats.stored++;
          statementCacheChars += done.cacheKey.length;
          done.cacheKey = null;
        }
        top--;
      }
    }
    resolve(frames[0], undefined);
  } finally {
    cur.delete();
  }

  return {
    language: lang,
    loc: codeLines(code, comments),
    lines: splitPhysicalLines(code).length,
    numericLiterals: numeric,
    tunableLiterals: tunable,
    functions,
    maxNestingDepth: depth,
    parseErrors: tree.rootNode.hasError,
  };
}

/**
 * The context rules of Complexity.tunableLiterals for a literal that passed the value, spelling,
 * zone and `~` checks, judged in its effective parent `e` (the nearest ancestor that is not
 * parentheses or a unary operator), whose own parent is `parent`.
 */
function tunableIn(e: Frame, parent: Frame | undefined, p: Pending, code: string): boolean {
  if (e.flags & COLLECTION) return false;
  if (e.flags & BINARY && e.op !== null) {
    if (BITWISE.has(e.op)) return false;
    if (p.right && EXPONENT.has(e.op) && (p.abs === 2 || p.abs === 0.5)) return false;
    if (p.right && DIVISION.has(e.op) && p.abs === 2) return false;
  }
  if (e.flags & ARGS && parent && parent.flags & CALL && parent.spanStart >= 0) {
    const callee = lastName(code.slice(parent.spanStart, parent.spanEnd));
    if (SHAPE_SEED_FORMAT_CALLS.has(callee)) return false;
    if (POW_CALLS.has(callee) && p.pos === 1 && (p.abs === 2 || p.abs === 0.5)) return false;
  }
  if (e.flags & KWARG && e.spanStart >= 0 && SHAPE_SEED_KEYWORDS.has(code.slice(e.spanStart, e.spanEnd))) return false;
  return true;
}

/** The last identifier of a callee expression (`np.random.seed` -> seed, `std::pow<T>` -> pow). */
function lastName(callee: string): string {
  const m = /([A-Za-z_]\w*)\s*(?:<[^<>]*>)?\s*$/.exec(callee);
  return m ? m[1] : '';
}

/**
 * Literals in the raw text of a preprocessor directive (`#define N 100`, `#pragma unroll 4`),
 * comments and strings removed. Only an object-like `#define` whose whole body is one literal
 * (optionally signed or parenthesized) is tunable: that is the C++ form of a named constant,
 * and the form the BO baseline itself writes its knobs in.
 */
function preprocLiterals(text: string, objectLikeDefine: boolean): { numeric: number; tunable: number } {
  const body = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])'/g, ' ');
  const tokens = body.match(NUMBER_TOKEN) ?? [];
  let tunable = 0;
  if (objectLikeDefine && tokens.length === 1 && /^\s*\(?\s*[-+]?\s*[^\s()]+\s*\)?\s*$/.test(body) && !trivialLiteral(parseLiteral(tokens[0]))) tunable = 1;
  return { numeric: tokens.length, tunable };
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

// ---------------------------------------------------------------------------------------------
// Series over a run
