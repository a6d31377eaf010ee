// What changed between a parent and a child, in the terms the offline judge's rules use: the
// changed line hunks of the unified diff (editDiff), refined to token sub-hunks (the code tokens
// of the hunk's lines aligned by difflib's matcher), each classified as a literal change, a
// rename, an operator flip or a structural change; plus each program's syntax facts.
import type { SubKind } from './offlineTypes';
import type { Program, SubHunk } from './offlineTypes';
import { complexityLanguage } from '../complexity';
import { matchingBlocks } from '../lineDiff';
import { editDiff } from './diff';
import type { Edit } from '@vscode/tree-sitter-wasm';
import type { Tree } from '../treeSitter';
import { derivable, mapRoutines } from './offlineDerive';
import { factsIn, syntaxFacts, type Routine, type SyntaxFacts } from './offlineSyntax';
import { isLiteral, tokenize, type Token, type TokenDialect } from './offlineTokens';

const idsOf = (p: Program) => (p.ids ??= new Set(p.tokens.filter((t) => t.kind === 'id').map((t) => t.text)));

export interface EditFacts {
  dialect: TokenDialect;
  parent: Program;
  child: Program;
  /** 0-based changed lines of the diff. */
  removedLines: number[];
  addedLines: number[];
  subs: SubHunk[];
  /** Syntax facts of this edit: routines of the whole program, statements and imports in the changed lines. */
  parentSyntax: SyntaxFacts | null;
  childSyntax: SyntaxFacts | null;
  /** The diff's line hunks as token ranges: parent tokens [r0, r1) became child tokens [a0, a1). */
  hunks: { r0: number; r1: number; a0: number; a1: number }[];
}

const CACHE_SIZE = 64;
const cache = new Map<string, Program>();

/**
 * The tokens and syntax facts of a source. Memoised (a small LRU keyed by language and text):
 * in a run the same program is the parent of several children, and the child of one edit is
 * the parent of the next. The result depends on the text only, so the cache changes no answer.
 */
export function program(code: string, dialect: TokenDialect, base?: { parent: Program; removed: number[]; added: number[] }): Program {
  const key = `${dialect}\0${code}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const tokens = tokenize(code, dialect);
  const lines = code.split('\n').length;
  const lineStart = new Int32Array(lines + 1);
  let t = 0;
  for (let l = 0; l <= lines; l++) {
    while (t < tokens.length && tokens[t].line < l) t++;
    lineStart[l] = t;
  }
  const p: Program = { code, tokens, lineStart, syntax: null, tree: null, parsed: dialect === 'other', pending: base, dialect };
  cache.set(key, p);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value!;
    const old = cache.get(oldest)!;
    old.tree?.delete();
    old.tree = null;
    cache.delete(oldest);
  }
  return p;
}

/**
 * The program's routines (parsing it now if needed): incrementally from the tree of the parent it
 * was first seen with, when that tree is still cached, else a full parse. Same facts either way.
 */
export function ensureSyntax(p: Program): SyntaxFacts | null {
  if (p.parsed) return p.syntax;
  p.parsed = true;
  if (p.dialect === 'other') return null;
  const base = p.pending;
  p.pending = undefined;
  const edits = base?.parent.tree ? treeEdits(base.parent.code, p.code, base.removed, base.added) : null;
  const r = syntaxFacts(p.code, p.dialect, edits && base?.parent.tree ? { tree: base.parent.tree, edits } : undefined);
  p.syntax = r.facts;
  // A program evicted meanwhile keeps no tree (nothing would delete it).
  if ([...cache.values()].includes(p)) p.tree = r.tree;
  else r.tree?.delete();
  return p.syntax;
}

/** Text tree-sitter counts like JS strings: printable ASCII, tabs and newlines only. */
const PLAIN = /^[\t\n\x20-\x7e]*$/;

/**
 * The diff's line hunks as tree-sitter edits of the parent's tree, last hunk first (so that each
 * edit's positions are still the parent's), or null when the texts are not plain enough for
 * string offsets to be tree-sitter's (non-ASCII, other line breaks, CUDA launches that the C++
 * normalisation may rewrite across lines): those get a full parse.
 */
function treeEdits(parent: string, child: string, removed: number[], added: number[]): Edit[] | null {
  if (!PLAIN.test(parent) || !PLAIN.test(child) || parent.includes('<<<') || child.includes('<<<')) return null;
  const starts = (s: string) => {
    const out = [0];
    for (let k = s.indexOf('\n'); k >= 0; k = s.indexOf('\n', k + 1)) out.push(k + 1);
    return out;
  };
  const ps = starts(parent);
  const cs = starts(child);
  const at = (st: number[], line: number, len: number) => (line < st.length ? st[line] : len);
  const pos = (st: number[], offset: number) => {
    let row = 0;
    while (row + 1 < st.length && st[row + 1] <= offset) row++;
    return { row, column: offset - st[row] };
  };
  const edits: Edit[] = [];
  for (const [i0, i1, j0, j1] of lineHunks(removed, added)) {
    const startIndex = at(ps, i0, parent.length);
    const oldEndIndex = at(ps, i1, parent.length);
    const newEndIndex = startIndex + (at(cs, j1, child.length) - at(cs, j0, child.length));
    const start = pos(ps, startIndex);
    const oldEnd = pos(ps, oldEndIndex);
    // Rows after the edit shift by the hunk's line count difference; the end's column is the
    // child's, in the child line the edit ends on.
    const newEndInChild = pos(cs, at(cs, j1, child.length));
    edits.push({ startIndex, oldEndIndex, newEndIndex, startPosition: start, oldEndPosition: oldEnd, newEndPosition: { row: start.row + (newEndInChild.row - pos(cs, at(cs, j0, child.length)).row), column: newEndInChild.column } });
  }
  return edits.reverse();
}

/** Forget the memoised programs (and free their trees). */
export function clearProgramCache() {
  for (const p of cache.values()) p.tree?.delete();
  cache.clear();
}

export function dialectOf(language: string): TokenDialect {
  const l = complexityLanguage(language);
  return l === 'other' ? 'other' : l;
}

/** Line hunks of the diff: maximal runs of removed parent lines / added child lines between equal lines. */
function lineHunks(removed: number[], added: number[]): [number, number, number, number][] {
  const rem = new Set(removed);
  const add = new Set(added);
  const out: [number, number, number, number][] = [];
  let i = 0;
  let j = 0;
  const total = removed.length + added.length;
  let seen = 0;
  while (seen < total) {
    if (!rem.has(i) && !add.has(j)) {
      i++;
      j++;
      continue;
    }
    const i0 = i;
    const j0 = j;
    while (rem.has(i)) i++;
    while (add.has(j)) j++;
    seen += i - i0 + (j - j0);
    out.push([i0, i, j0, j]);
  }
  return out;
}

export function editFacts(parentCode: string, childCode: string, language: string): EditFacts {
  const dialect = dialectOf(language);
  const diff = editDiff(parentCode, childCode);
  const parent = program(parentCode, dialect);
  const child = program(childCode, dialect, { parent, removed: diff.removed, added: diff.added });
  const subs: SubHunk[] = [];
  const hunks: EditFacts['hunks'] = [];
  const ids = new Map<string, number>();
  const intern = (toks: Token[], from: number, to: number) => {
    const out = new Int32Array(to - from);
    for (let k = from; k < to; k++) {
      const key = toks[k].text;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      out[k - from] = id;
    }
    return out;
  };
  for (const [i0, i1, j0, j1] of lineHunks(diff.removed, diff.added)) {
    const r0 = parent.lineStart[Math.min(i0, parent.lineStart.length - 1)];
    const r1 = parent.lineStart[Math.min(i1, parent.lineStart.length - 1)];
    const a0 = child.lineStart[Math.min(j0, child.lineStart.length - 1)];
    const a1 = child.lineStart[Math.min(j1, child.lineStart.length - 1)];
    if (r1 > r0 || a1 > a0) hunks.push({ r0, r1, a0, a1 });
    let i = r0;
    let j = a0;
    for (const [bi, bj, size] of matchingBlocks(intern(parent.tokens, r0, r1), intern(child.tokens, a0, a1))) {
      const ai = r0 + bi;
      const aj = a0 + bj;
      if (i < ai || j < aj) subs.push(classify(parent.tokens, child.tokens, { kind: 'structural', r0: i, r1: ai, a0: j, a1: aj }));
      i = ai + size;
      j = aj + size;
    }
  }
  markRenames(subs, parent, child);
  const lh = lineHunks(diff.removed, diff.added);
  // Literal swaps alone need no syntax: nothing is parsed (the rationale then names no routine).
  const needSyntax = dialect !== 'other' && subs.some((s) => s.kind !== 'literal');
  const scoped = (p: Program, ranges: [number, number][]): SyntaxFacts | null => {
    if (!needSyntax) return null;
    const syntax = ensureSyntax(p);
    if (!syntax) return null;
    return { ...syntax, ...factsIn(p.tree, dialect, ranges) };
  };
  // No statement keyword, brace, string, bracket imbalance or top-level line in the change: no
  // control statement or import starts in the changed lines and the routines only shift, so the
  // facts follow from the parent's without parsing (offlineFacts.test.ts checks that judgements
  // are equal). Not after parse errors: a recovered tree's routines follow the recovery.
  if (!needSyntax && deriveWithoutParse && dialect !== 'other' && !child.parsed && !child.derived) {
    // Literal swaps move no routine: carry the parent's routines over when they are known, so
    // that the child, as the parent of a later edit, needs no parse either.
    const known = parent.syntax?.routines ?? parent.derived?.routines;
    if (known && !(parent.syntax?.parseErrors ?? parent.derived?.parseErrors)) child.derived = { routines: mapRoutines(known, parent, child, subs, dialect, new Set(diff.added)), parseErrors: false };
  }
  const pr = needSyntax && deriveWithoutParse && derivable(dialect, parent, child, subs, diff) ? routinesOf(parent) : null;
  if (pr && dialect !== 'other' && !(parent.syntax?.parseErrors ?? parent.derived?.parseErrors ?? true)) {
    const parseErrors = false;
    const cr = child.syntax?.routines ?? child.derived?.routines ?? mapRoutines(pr, parent, child, subs, dialect, new Set(diff.added));
    if (!child.parsed && !child.derived) child.derived = { routines: cr, parseErrors };
    return {
      dialect, parent, child, removedLines: diff.removed, addedLines: diff.added, subs, hunks,
      parentSyntax: { language: dialect, routines: pr, imports: [], stmts: [], parseErrors },
      childSyntax: { language: dialect, routines: cr, imports: [], stmts: [], parseErrors },
    };
  }
  const parentSyntax = scoped(parent, lh.map(([i0, i1]) => [i0, i1]));
  const childSyntax = scoped(child, lh.map(([, , j0, j1]) => [j0, j1]));
  return { dialect, parent, child, removedLines: diff.removed, addedLines: diff.added, subs, hunks, parentSyntax, childSyntax };
}

let deriveWithoutParse = true;
/** Tests: parse every edit that needs syntax (to check that derived facts change nothing). */
export function setDeriveWithoutParse(on: boolean) {
  deriveWithoutParse = on;
}

function routinesOf(p: Program): Routine[] {
  return p.syntax?.routines ?? p.derived?.routines ?? ensureSyntax(p)?.routines ?? [];
}

const SIGNS = new Set(['+', '-']);
const FLIP_CLASS: Record<string, number> = { '+': 0, '-': 0, '+=': 1, '-=': 1, '<': 2, '>': 2, '<=': 2, '>=': 2, '==': 2, '!=': 2, and: 3, or: 3, '&&': 3, '||': 3, min: 4, max: 4 };

function classify(p: Token[], c: Token[], s: SubHunk): SubHunk {
  const r = p.slice(s.r0, s.r1);
  const a = c.slice(s.a0, s.a1);
  // A sign folded into a number (-0.5 -> 0.5) is part of the literal.
  const lit = (t: Token) => isLiteral(t) || SIGNS.has(t.text);
  if (r.length && a.length && r.some(isLiteral) && a.some(isLiteral) && r.every(lit) && a.every(lit)) return { ...s, kind: 'literal' };
  if (r.length && r.length === a.length && r.every((t) => t.kind === 'id') && a.every((t) => t.kind === 'id')) return { ...s, kind: 'rename' };
  // A flipped sign, comparison or connective: one operator swapped for another of its class.
  if (r.length === 1 && a.length === 1 && FLIP_CLASS[r[0].text] !== undefined && FLIP_CLASS[r[0].text] === FLIP_CLASS[a[0].text]) return { ...s, kind: 'operator' };
  return s;
}

/**
 * Identifier substitutions are renames only when consistent: every occurrence of the old name is
 * gone from the child and the new name did not exist in the parent. Otherwise the edit swaps
 * one existing variable for another (a structural change).
 */
function markRenames(subs: SubHunk[], parent: Program, child: Program) {
  for (const s of subs) {
    if (s.kind !== 'rename') continue;
    const parentIds = idsOf(parent);
    const childIds = idsOf(child);
    for (let k = 0; k < s.r1 - s.r0; k++) {
      const from = parent.tokens[s.r0 + k].text;
      const to = child.tokens[s.a0 + k].text;
      if (childIds.has(from) || parentIds.has(to)) {
        s.kind = 'structural';
        break;
      }
    }
  }
}

/** difflib ratio of two token slices: 2 * matched / total (1 when both are empty). */
export function tokenSimilarity(a: Token[], b: Token[]): number {
  if (a.length + b.length === 0) return 1;
  const ids = new Map<string, number>();
  const conv = (ts: Token[]) => Int32Array.from(ts, (t) => {
    let id = ids.get(t.text);
    if (id === undefined) ids.set(t.text, (id = ids.size));
    return id;
  });
  let m = 0;
  for (const [, , size] of matchingBlocks(conv(a), conv(b))) m += size;
  return (2 * m) / (a.length + b.length);
}
