// The rewrite of §5.4 / B.9: a program with a top-level parameter block and each knob's literal
// replaced by a reference to it, so a tuner only regenerates the block. Built on the syntax
// tree, not on a regex (EvoReplay's regex put its PARAMS block inside multi-line docstrings and
// replaced the `0.1` of `-0.1`, flipping the sign):
//  - each knob's [start, end) must hold its sourceLiteral (else a clear Error naming the knob)
//    and be a numeric literal of the tree, signed or not; the whole span is replaced, so
//    `-0.1` becomes PARAMS["x"] with value -0.1;
//  - Python: `PARAMS = {...}` (style 'dict', default) or `BO_NAME = value` constants (style
//    'constants') after a shebang, an encoding line, the module docstring and `from __future__`
//    imports, so the docstring stays the module docstring and __future__ imports stay first;
//  - C/C++: `constexpr <type> name = value;` after the last #include / `using namespace` that
//    precedes the first knob, the type being the literal's own (1.5f -> float, 150000 -> int,
//    5LL -> long long, 2.0 -> double), so the arithmetic is unchanged. `style` does not apply.
// render(values) regenerates only the block; a value equal to the knob's default is written as
// the source spelled it, so render(defaults) computes exactly what the original did.
import type { Node } from '@vscode/tree-sitter-wasm';
import type { Knob, KnobLanguage } from '../../contracts/interventionTypes';
import { literalContext } from './context';
import { formatFloat, formatInt } from './format';
import { literalSites, parseProgram, type LiteralSite } from './literals';

export interface ParameterisedProgram {
  /** The rewrite with every knob at its default. */
  source: string;
  /** The program with the block holding these values (missing names keep their default). */
  render(values: Record<string, number>): string;
  /** How each knob is referred to in the code: PARAMS["step"], BO_STEP, step. */
  references: Record<string, string>;
}

export interface ParameteriseOptions {
  style?: 'dict' | 'constants';
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CPP_KEYWORDS = new Set(
  ('alignas alignof and asm auto bool break case catch char class const constexpr const_cast continue decltype default delete do double ' +
    'dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not nullptr ' +
    'operator or private protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct ' +
    'switch template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor ' +
    'main std size_t int64_t uint64_t int32_t uint32_t').split(' '),
);

function fail(k: Knob, why: string): never {
  throw new Error(`knob "${k.name}" (line ${k.line}, ${JSON.stringify(k.sourceLiteral)}): ${why}`);
}

/** Every identifier spelled in the program (to keep new names from colliding or shadowing). */
function identifiers(root: Node): Set<string> {
  const out = new Set<string>();
  const cursor = root.walk();
  try {
    let more = true;
    while (more) {
      if (/identifier$/.test(cursor.nodeType)) out.add(cursor.nodeText);
      if (cursor.gotoFirstChild()) continue;
      while (!(more = cursor.gotoNextSibling()) && cursor.gotoParent()) {
        /* climb */
      }
    }
  } finally {
    cursor.delete();
  }
  return out;
}

function freshName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}

/** Index just past the end of the line holding `at - 1` (a block inserted there starts on a line of its own). */
function afterLine(source: string, at: number): number {
  if (at === 0 || source[at - 1] === '\n') return at;
  const nl = source.indexOf('\n', at);
  return nl < 0 ? source.length : nl + 1;
}

const isDocstring = (stmt: Node) => {
  if (stmt.type !== 'expression_statement' || stmt.namedChildCount !== 1) return false;
  const s = stmt.namedChild(0)!;
  if (s.type === 'concatenated_string') return !/^[A-Za-z]*[fF]/.test(s.text);
  return s.type === 'string' && !/[fF]/.test(s.child(0)?.text ?? '');
};

/** Python: after the shebang / encoding lines, the module docstring and `from __future__` imports. */
function pythonInsertAt(root: Node, source: string): number {
  let at = 0;
  const lines = source.split('\n', 2);
  if (lines[0]?.startsWith('#!')) at = lines[0].length + 1;
  const enc = /^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+/;
  if (lines[0] !== undefined && enc.test(lines[0])) at = Math.max(at, lines[0].length + 1);
  else if (lines[1] !== undefined && enc.test(lines[1])) at = Math.max(at, lines[0].length + lines[1].length + 2);
  let first = true;
  for (const stmt of root.namedChildren) {
    if (!stmt || stmt.type === 'comment') continue;
    if ((first && isDocstring(stmt)) || stmt.type === 'future_import_statement') at = Math.max(at, stmt.endIndex);
    else break;
    first = false;
  }
  return Math.max(Math.min(afterLine(source, at), source.length), bomLength(source));
}

/** A byte-order mark stays first. */
const bomLength = (source: string) => (source.startsWith('\uFEFF') ? 1 : 0);

/** C/C++: after the last top-level #include / `using namespace` before `limit` (the first knob). */
function cppInsertAt(root: Node, source: string, limit: number): number {
  let at = 0;
  const visit = (n: Node) => {
    for (const c of n.namedChildren) {
      if (!c || c.startIndex >= limit) break;
      if (c.type === 'preproc_include' || (c.type === 'using_declaration' && /^using\s+namespace\b/.test(c.text))) {
        if (c.endIndex <= limit) at = c.endIndex;
      } else if (['preproc_ifdef', 'preproc_if', 'preproc_else', 'preproc_elif'].includes(c.type)) visit(c);
    }
  };
  visit(root);
  return Math.max(afterLine(source, at), bomLength(source));
}

/** The C/C++ type of a literal, so that the named constant computes exactly like the literal. */
function cppType(site: LiteralSite, k: Knob): string {
  const s = site.suffix.toLowerCase();
  if (k.type === 'float' || site.type === 'float') return s === 'f' ? 'float' : s === 'l' ? 'long double' : 'double';
  const wide = Math.max(Math.abs(k.high), Math.abs(k.low), Math.abs(k.value)) > 2 ** 31 - 1;
  const types: Record<string, string> = { '': wide ? 'long long' : 'int', u: 'unsigned', l: 'long', ul: 'unsigned long', lu: 'unsigned long', ll: 'long long', ull: 'unsigned long long', llu: 'unsigned long long' };
  return types[s] ?? 'auto';
}

export function parameterise(source: string, language: KnobLanguage, knobs: Knob[], opts: ParameteriseOptions = {}): ParameterisedProgram {
  const seen = new Set<string>();
  for (const k of knobs) {
    if (!IDENT.test(k.name)) fail(k, 'its name is not an identifier');
    if (seen.has(k.name)) fail(k, 'two knobs have this name');
    seen.add(k.name);
    const actual = source.slice(k.start, k.end);
    if (actual !== k.sourceLiteral) fail(k, `the source has ${JSON.stringify(actual.slice(0, 40))} at characters ${k.start}-${k.end}, not the knob's literal (the program changed since the knobs were found?)`);
  }
  const sorted = [...knobs].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) if (sorted[i].start < sorted[i - 1].end) fail(sorted[i], `it overlaps knob "${sorted[i - 1].name}"`);

  const tree = parseProgram(source, language);
  try {
    const sites = literalSites(tree, source, language);
    const bySpan = new Map<string, LiteralSite>();
    for (const s of sites) {
      bySpan.set(`${s.start}:${s.end}`, s);
      bySpan.set(`${s.node.startIndex}:${s.node.endIndex}`, s); // the unsigned token of a signed literal
    }
    const siteOf = new Map<Knob, LiteralSite>();
    for (const k of sorted) {
      const site = bySpan.get(`${k.start}:${k.end}`);
      if (!site) fail(k, 'its span is not a numeric literal of the syntax tree');
      // The default must be the literal's value: the rewrite with the defaults is then the original program.
      const literalValue = k.start === site.start ? site.value : -site.value;
      if (!(Math.abs(k.value - literalValue) <= 1e-12 * Math.abs(literalValue))) fail(k, `its value ${k.value} is not the literal's value ${literalValue}`);
      const zones = literalContext(site, language).zones;
      if (zones.has('pattern')) fail(k, 'a match/case pattern cannot refer to a parameter');
      if (zones.has('preprocessor')) fail(k, 'a preprocessor directive cannot refer to a C++ constant');
      if (zones.has('string')) fail(k, 'it is inside a string');
      if (zones.has('user-literal')) fail(k, 'it is the number of a user-defined literal (10ms): a name cannot carry the suffix');
      siteOf.set(k, site);
    }

    const taken = identifiers(tree.rootNode);
    const refs: Record<string, string> = {};
    let insertAt: number;
    let block: (values: Record<string, number>) => string;
    const valueText = (k: Knob, v: number, cpp: boolean) => {
      // The default keeps the source's own spelling (suffix, separators, exponent): bit-for-bit the original.
      if (v === k.value) return k.sourceLiteral;
      const suffix = cpp ? siteOf.get(k)!.suffix : '';
      return (k.type === 'int' ? formatInt(v) : formatFloat(v)) + suffix;
    };

    if (language === 'python') {
      insertAt = pythonInsertAt(tree.rootNode, source);
      if (opts.style === 'constants') {
        for (const k of knobs) refs[k.name] = freshName(`BO_${k.name.toUpperCase()}`, taken);
        block = (v) => `# Tuning knobs (Evoscope): each replaces a literal below.\n${sorted.map((k) => `${refs[k.name]} = ${valueText(k, v[k.name], false)}\n`).join('')}`;
      } else {
        const dict = freshName('PARAMS', taken);
        for (const k of knobs) refs[k.name] = `${dict}["${k.name}"]`;
        block = (v) => `# Tuning knobs (Evoscope): each replaces a literal below.\n${dict} = {\n${sorted.map((k) => `    "${k.name}": ${valueText(k, v[k.name], false)},\n`).join('')}}\n`;
      }
    } else {
      insertAt = cppInsertAt(tree.rootNode, source, sorted[0]?.start ?? source.length);
      for (const k of knobs) refs[k.name] = freshName(CPP_KEYWORDS.has(k.name) ? `bo_${k.name}` : k.name, taken);
      block = (v) =>
        `// Tuning knobs (Evoscope): each replaces a literal below.\n${sorted.map((k) => `constexpr ${cppType(siteOf.get(k)!, k)} ${refs[k.name]} = ${valueText(k, v[k.name], true)};\n`).join('')}`;
    }
    for (const k of sorted) if (k.start < insertAt) fail(k, 'it is in the header the parameter block must follow');

    // Everything after the block is fixed: the references do not depend on the values.
    const parts: string[] = [];
    let at = insertAt;
    for (const k of sorted) {
      const before = source.slice(at, k.start);
      const ref = refs[k.name];
      // `return-3` -> `return x`: a reference must not glue onto a neighbouring word.
      const pad = (c: string | undefined) => (c && /[A-Za-z0-9_]/.test(c) ? ' ' : '');
      parts.push(before, pad(source[k.start - 1]), ref, pad(source[k.end]));
      at = k.end;
    }
    parts.push(source.slice(at));
    const head = source.slice(0, insertAt);
    const glue = head && !head.endsWith('\n') && head !== '\uFEFF' ? '\n' : '';
    const rest = parts.join('');
    const defaults = Object.fromEntries(knobs.map((k) => [k.name, k.value]));
    const render = (values: Record<string, number>) => {
      for (const [name, v] of Object.entries(values)) {
        if (!seen.has(name)) throw new Error(`render: there is no knob named "${name}"`);
        if (!Number.isFinite(v)) throw new Error(`render: knob "${name}" got ${v}, not a finite number`);
      }
      return head + glue + block({ ...defaults, ...values }) + rest;
    };
    return { source: render(defaults), render, references: refs };
  } finally {
    tree.delete();
  }
}
