// The offline judge (issue 9, item 1): labels a parent -> child edit with the nine edit types of
// Table 9 (labels.ts) from syntax, deterministically, with no model. Facts (offlineFacts.ts):
// the diff's line hunks refined to token sub-hunks, the routines, imports and control statements
// of both trees. Rules (one family per label, each recording the lines that drove it):
//   external_dependency  the multiset of import / #include statements changed
//   hyperparameter_tuning  a sub-hunk swaps literals (numbers, strings, booleans) for literals
//   bug_fix        an added guard (`if ...: return|continue|raise`), clamp (min/max/clip), sentinel
//                  test (nan, inf, None, tiny epsilon), try/except, or a flipped sign / comparison
//   efficiency     loops replaced by vectorised calls, caching (lru_cache, memo dicts), early
//                  exits (break), partial sorts, CUDA/C++ speed idioms (shared memory, unroll...)
//   composition    a new routine, branch or loop added while the code around it stays
//   pruning        code removed with nothing in its place (statements, branches, routines)
//   refactor       consistent renames, moved or reordered code, a helper extracted from removed
//                  code; also an edit of comments / layout only (see README: no code token changed,
//                  behaviour preserved: Table 9's nearest type, so that every edit carries a label)
//   architectural_change  a routine (or the whole program) rewritten: token similarity < 0.4
//   local_refinement  any other change of code inside an existing routine
// Unknown languages get the same rules on tokens only (no routines, branches or loops), and the
// rationale says so. Nothing here throws on odd input: unparsable code is judged on
// tree-sitter's recovered tree (the rationale notes it).
import { canonicalLabels, type EditLabel } from './labels';
import { editFacts, tokenSimilarity, type EditFacts, type Program, type SubHunk } from './offlineFacts';
import type { Routine, Stmt } from './offlineSyntax';
import type { Token } from './offlineTokens';
import type { Judgement, LabelEvidence } from './types';

export { initParsers } from '../treeSitter';
export { OFFLINE_JUDGE_KEY } from './types';

/** Below this token similarity a whole routine (or program) counts as rewritten. */
const ROUTINE_REWRITE = 0.3;
/** Below this token similarity a replaced block of the diff counts as a new approach. */
const REWRITE_SIMILARITY = 0.4;
/** A block is an "algorithmic block" from this many tokens on (the larger side)... */
const MIN_BLOCK_TOKENS = 40;
/** ...and when both sides have at least this many (a block replaced, not code added). */
const MIN_REPLACED_TOKENS = 12;

class Collector {
  readonly added = new Map<EditLabel, Set<number>>();
  readonly removed = new Map<EditLabel, Set<number>>();
  readonly why = new Map<EditLabel, string[]>();
  add(label: EditLabel, reason: string, added: Iterable<number> = [], removed: Iterable<number> = []) {
    if (!this.why.has(label)) {
      this.why.set(label, []);
      this.added.set(label, new Set());
      this.removed.set(label, new Set());
    }
    const why = this.why.get(label)!;
    if (!why.includes(reason)) why.push(reason);
    for (const l of added) this.added.get(label)!.add(l + 1);
    for (const l of removed) this.removed.get(label)!.add(l + 1);
  }
  has(label: EditLabel) {
    return this.why.has(label);
  }
  drop(label: EditLabel) {
    this.why.delete(label);
    this.added.delete(label);
    this.removed.delete(label);
  }
}

const lines = (toks: Token[], from: number, to: number) => new Set(toks.slice(from, to).map((t) => t.line));
const texts = (toks: Token[]) => toks.map((t) => t.text);

export function judgeEditOffline(parent: string, child: string, language: string): Judgement {
  if (parent === child) return { labels: [], rationale: 'identical sources: no edit', evidence: {} };
  let f: EditFacts;
  try {
    f = editFacts(parent, child, language);
  } catch (err) {
    // Never throw on a program: an internal failure is reported in the rationale.
    return { labels: ['local_refinement'], rationale: `offline judge could not analyse the edit (${(err as Error).message}); labelled as a local refinement`, evidence: {} };
  }
  const c = new Collector();
  const prefix = f.dialect === 'other' ? `token-level fallback (no parser for "${language}")` : `${f.dialect} syntax${f.parent.syntax?.parseErrors || f.child.syntax?.parseErrors ? ' (with parse errors)' : ''}`;
  if (f.removedLines.length + f.addedLines.length === 0) return { labels: [], rationale: `${prefix}: same lines, line endings only`, evidence: {} };
  if (f.subs.length === 0) {
    c.add('refactor', 'only comments or layout changed', f.addedLines, f.removedLines);
    return finish(c, prefix);
  }
  judge(f, c);
  return finish(c, prefix);
}

function finish(c: Collector, prefix: string): Judgement {
  const labels = canonicalLabels(c.why.keys());
  const evidence: LabelEvidence = {};
  for (const l of labels) evidence[l] = { added: [...c.added.get(l)!].sort((a, b) => a - b), removed: [...c.removed.get(l)!].sort((a, b) => a - b) };
  const rationale = `${prefix}: ${labels.map((l) => c.why.get(l)!.slice(0, 3).join(', ')).join('; ')}`;
  return { labels, rationale, evidence };
}

/** Routine containing a 0-based line, if any. */
const routineAt = (rs: Routine[], line: number) => rs.find((r) => r.start <= line && line <= r.end);
const tokensOf = (p: Program, r: Routine) => p.tokens.slice(p.lineStart[r.start], p.lineStart[Math.min(r.end + 1, p.lineStart.length - 1)]);

function judge(f: EditFacts, c: Collector) {
  const P = f.parent.tokens;
  const C = f.child.tokens;
  const pr = f.parent.syntax?.routines ?? [];
  const cr = f.child.syntax?.routines ?? [];
  const consumed = new Set<SubHunk>();
  const rem = (s: SubHunk) => lines(P, s.r0, s.r1);
  const add = (s: SubHunk) => lines(C, s.a0, s.a1);

  imports(f, c, consumed);

  // Literal swaps, renames and operator flips.
  for (const s of f.subs) {
    if (consumed.has(s)) continue;
    if (s.kind === 'literal' && alignedLines(f, s)) {
      c.add('hyperparameter_tuning', 'literal values changed', add(s), rem(s));
      consumed.add(s);
    } else if (s.kind === 'rename') {
      c.add('refactor', `renamed ${P[s.r0].text} -> ${C[s.a0].text}`, add(s), rem(s));
      consumed.add(s);
    } else if (s.kind === 'operator') {
      c.add('bug_fix', `operator flipped (${texts(P.slice(s.r0, s.r1)).join(' ') || '∅'} -> ${texts(C.slice(s.a0, s.a1)).join(' ') || '∅'})`, add(s), rem(s));
      consumed.add(s);
    } else if (offByOne(P.slice(s.r0, s.r1), C.slice(s.a0, s.a1)) && (inIndex(P, s.r0) || inIndex(C, s.a0))) {
      c.add('bug_fix', 'off-by-one (+-1) changed', add(s), rem(s));
      consumed.add(s);
    }
  }

  moves(f, c, consumed);

  // Whole routines added or removed.
  const pNames = new Set(pr.map((r) => r.name));
  const cNames = new Set(cr.map((r) => r.name));
  const removedTokens = f.subs.flatMap((s) => texts(P.slice(s.r0, s.r1)));
  for (const r of cr) {
    if (pNames.has(r.name)) continue;
    const body = texts(tokensOf(f.child, r));
    const span = range(r.start, r.end);
    if (overlapShare(body, removedTokens) >= 0.6) c.add('refactor', `helper ${r.name}() extracted`, span);
    else c.add('composition', `new routine ${r.name}()`, span);
    consumeLines(f, consumed, 'a', r.start, r.end);
  }
  for (const r of pr) {
    if (cNames.has(r.name)) continue;
    c.add('pruning', `routine ${r.name}() removed`, [], range(r.start, r.end));
    consumeLines(f, consumed, 'r', r.start, r.end);
  }

  // Rewritten routines.
  const rewritten = new Set<string>();
  const touched = new Set<string>();
  for (const s of f.subs) {
    for (const l of rem(s)) {
      const r = routineAt(pr, l);
      if (r && cNames.has(r.name)) touched.add(r.name);
    }
    for (const l of add(s)) {
      const r = routineAt(cr, l);
      if (r && pNames.has(r.name)) touched.add(r.name);
    }
  }
  for (const name of touched) {
    const rp = pr.find((r) => r.name === name)!;
    const rc = cr.find((r) => r.name === name)!;
    const a = tokensOf(f.parent, rp);
    const b = tokensOf(f.child, rc);
    if (Math.max(a.length, b.length) < MIN_BLOCK_TOKENS) continue;
    const sim = tokenSimilarity(a, b);
    if (sim < ROUTINE_REWRITE) {
      rewritten.add(name);
      c.add('architectural_change', `${name}() rewritten (token similarity ${sim.toFixed(2)})`, range(rc.start, rc.end), range(rp.start, rp.end));
    }
  }
  // A block replaced by different code: one hunk of the diff removing and adding enough tokens
  // with little in common (a rewritten loop body, a new construction for the same result).
  for (const h of f.hunks) {
    const a = P.slice(h.r0, h.r1);
    const b = C.slice(h.a0, h.a1);
    if (Math.min(a.length, b.length) < MIN_REPLACED_TOKENS || Math.max(a.length, b.length) < MIN_BLOCK_TOKENS) continue;
    const sim = tokenSimilarity(a, b);
    if (sim >= REWRITE_SIMILARITY) continue;
    const r = routineAt(cr, b[0].line);
    if (r && rewritten.has(r.name)) continue;
    if (r) rewritten.add(r.name);
    c.add('architectural_change', `${r ? `block of ${r.name}()` : 'block'} replaced (token similarity ${sim.toFixed(2)})`, lines(C, h.a0, h.a1), lines(P, h.r0, h.r1));
  }
  if (!c.has('architectural_change') && P.length >= MIN_BLOCK_TOKENS) {
    const sim = tokenSimilarity(P, C);
    if (sim < ROUTINE_REWRITE) c.add('architectural_change', `program rewritten (token similarity ${sim.toFixed(2)})`, f.addedLines, f.removedLines);
  }

  structural(f, c, consumed, rewritten);
  // A rename next to new code or a rewrite is incidental (the class renamed after what it now
  // does): the edit is not a restructuring, and only renames would say refactor.
  const why = c.why.get('refactor');
  if (why && why.every((w) => w.startsWith('renamed')) && (c.has('composition') || c.has('architectural_change') || c.has('local_refinement'))) c.drop('refactor');
}

/**
 * A literal swap is a retuning when it sits in a line that otherwise stays (its parent and child
 * lines share most tokens); inside rewritten lines the aligner can pair unrelated literals.
 */
function alignedLines(f: EditFacts, s: SubHunk): boolean {
  const lineToks = (p: Program, k: number) => {
    const l = p.tokens[k].line;
    return p.tokens.slice(p.lineStart[l], p.lineStart[l + 1]);
  };
  return tokenSimilarity(lineToks(f.parent, s.r0), lineToks(f.child, s.a0)) >= 0.6;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

function overlapShare(a: string[], pool: string[]): number {
  if (!a.length) return 0;
  const counts = new Map<string, number>();
  for (const t of pool) counts.set(t, (counts.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of a) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      hit++;
      counts.set(t, n - 1);
    }
  }
  return hit / a.length;
}

/** Sub-hunks lying wholly inside [start, end] of the parent ('r') or child ('a') are accounted for. */
function consumeLines(f: EditFacts, consumed: Set<SubHunk>, side: 'r' | 'a', start: number, end: number) {
  const toks = side === 'r' ? f.parent.tokens : f.child.tokens;
  for (const s of f.subs) {
    const [from, to] = side === 'r' ? [s.r0, s.r1] : [s.a0, s.a1];
    if (to > from && toks[from].line >= start && toks[to - 1].line <= end) {
      const other = side === 'r' ? s.a1 - s.a0 : s.r1 - s.r0;
      if (other === 0) consumed.add(s);
    }
  }
}

function offByOne(r: Token[], a: Token[]): boolean {
  const one = (t: Token[]) => t.length === 2 && SIGN.has(t[0].text) && t[1].text === '1';
  return (r.length === 0 && one(a)) || (a.length === 0 && one(r));
}
const SIGN = new Set(['+', '-']);

/** Token k sits inside a subscript `[...]` or the arguments of range(...) on its line. */
function inIndex(toks: Token[], k: number): boolean {
  const line = toks[Math.min(k, toks.length - 1)]?.line;
  const stack: string[] = [];
  for (let t = k - 1; t >= 0 && toks[t].line === line; t--) {
    const x = toks[t].text;
    if (x === ')' || x === ']') stack.push(x);
    else if (x === '(' || x === '[') {
      if (stack.length) stack.pop();
      else if (x === '[' || toks[t - 1]?.text === 'range') return true;
    }
  }
  return false;
}

function imports(f: EditFacts, c: Collector, consumed: Set<SubHunk>) {
  const pi = importsOf(f.parent);
  const ci = importsOf(f.child);
  const count = (xs: { text: string }[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x.text, (m.get(x.text) ?? 0) + 1);
    return m;
  };
  const pc = count(pi);
  const cc = count(ci);
  const addedImp = ci.filter((x) => (cc.get(x.text) ?? 0) > (pc.get(x.text) ?? 0));
  const removedImp = pi.filter((x) => (pc.get(x.text) ?? 0) > (cc.get(x.text) ?? 0));
  if (addedImp.length || removedImp.length) {
    const what = [...addedImp.map((x) => `+${short(x.text)}`), ...removedImp.map((x) => `-${short(x.text)}`)].slice(0, 3).join(' ');
    c.add('external_dependency', `imports changed (${what})`, addedImp.map((x) => x.line), removedImp.map((x) => x.line));
  }
  // Every sub-hunk confined to import lines is explained by them.
  const pl = new Set(pi.map((x) => x.line));
  const cl = new Set(ci.map((x) => x.line));
  for (const s of f.subs) {
    const rl = [...lines(f.parent.tokens, s.r0, s.r1)];
    const al = [...lines(f.child.tokens, s.a0, s.a1)];
    if (rl.every((l) => pl.has(l)) && al.every((l) => cl.has(l))) consumed.add(s);
  }
}

const short = (s: string) => (s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** Import statements: from the tree, or (fallback) lines starting with an import keyword. */
function importsOf(p: Program): { text: string; line: number }[] {
  if (p.syntax) return p.syntax.imports;
  const out: { text: string; line: number }[] = [];
  for (let l = 0; l + 1 < p.lineStart.length; l++) {
    const first = p.tokens[p.lineStart[l]];
    if (!first || first.line !== l || p.lineStart[l] === p.lineStart[l + 1]) continue;
    if (/^(import|from|#include|#import|use|using|require|library|extern)$/.test(first.text)) {
      out.push({ text: texts(p.tokens.slice(p.lineStart[l], p.lineStart[l + 1])).join(' '), line: l });
    }
  }
  return out;
}

/** A pure deletion whose tokens reappear as a pure insertion elsewhere: moved code (refactor). */
function moves(f: EditFacts, c: Collector, consumed: Set<SubHunk>) {
  const P = f.parent.tokens;
  const C = f.child.tokens;
  const dels = f.subs.filter((s) => !consumed.has(s) && s.r1 - s.r0 >= 3);
  const inss = f.subs.filter((s) => !consumed.has(s) && s.a1 - s.a0 >= 3);
  for (const d of dels) {
    const key = texts(P.slice(d.r0, d.r1)).join(' ');
    const ins = inss.find((s) => s !== d && !consumed.has(s) && texts(C.slice(s.a0, s.a1)).join(' ') === key);
    if (ins && d.a1 === d.a0 && ins.r1 === ins.r0) {
      c.add('refactor', 'code moved', lines(C, ins.a0, ins.a1), lines(P, d.r0, d.r1));
      consumed.add(d);
      consumed.add(ins);
    }
  }
  // The whole change is the same tokens in another order (operands swapped, lines reordered).
  const open = f.subs.filter((s) => !consumed.has(s));
  // `a > b` and `b < a` are one comparison: compare operators without their direction.
  const dir = (t: string) => (t === '>' ? '<' : t === '>=' ? '<=' : t);
  const allR = open.flatMap((s) => texts(P.slice(s.r0, s.r1)).map(dir)).sort().join(' ');
  const allA = open.flatMap((s) => texts(C.slice(s.a0, s.a1)).map(dir)).sort().join(' ');
  if (open.length && allR && allR === allA) {
    c.add('refactor', 'code reordered', open.flatMap((s) => [...lines(C, s.a0, s.a1)]), open.flatMap((s) => [...lines(P, s.r0, s.r1)]));
    open.forEach((s) => consumed.add(s));
  }
  // A replacement with the same tokens in another order.
  for (const s of f.subs) {
    if (consumed.has(s) || s.r1 - s.r0 < 3 || s.r1 - s.r0 !== s.a1 - s.a0) continue;
    const a = texts(P.slice(s.r0, s.r1)).sort().join(' ');
    const b = texts(C.slice(s.a0, s.a1)).sort().join(' ');
    if (a === b) {
      c.add('refactor', 'code reordered', lines(C, s.a0, s.a1), lines(P, s.r0, s.r1));
      consumed.add(s);
    }
  }
}

const SMALL_FIX_TOKENS = 15;
const CLAMPS = new Set(['min', 'max', 'clip', 'clamp', 'fmin', 'fmax', 'fminf', 'fmaxf', 'nan_to_num', 'maximum', 'minimum', 'abs', 'fabs']);
const SENTINELS = new Set(['isnan', 'isinf', 'isfinite', 'nan', 'inf', 'nullptr', 'NULL', 'NaN', 'INFINITY', 'numeric_limits', 'eps', 'epsilon', 'finfo', 'isclose', 'is_integer', 'EPS']);
const VECTOR = new Set(['np', 'numpy', 'einsum', 'vectorize', 'dot', 'matmul', 'cumsum', 'where', 'argsort', 'argmin', 'argmax', 'sum', 'linalg', 'cdist', 'pdist', 'broadcast_to', 'outer', 'tensordot', 'torch', 'jnp', 'scipy']);
const CACHES = /^(lru_cache|cache|cached|memo|memoize|_cache|memo_\w+|\w*_cache|cache_\w+|functools)$/i;
const FAST = new Set(['argpartition', 'partition', 'nth_element', 'partial_sort', 'nsmallest', 'nlargest', 'heapq', 'heappush', 'heappop', 'bisect', 'bisect_left', 'bisect_right', 'reserve', 'emplace_back', '__shared__', '__ldg', 'float4', 'int4', 'half2', '__restrict__', 'cudaStream_t', 'cudaMemcpyAsync', 'cudaStreamCreate', 'unroll', '__syncwarp', '__shfl_down_sync', '__shfl_xor_sync', 'cudaGraph_t', 'cudaGraphLaunch', 'cudaStreamWaitEvent', 'numba', 'njit', 'jit', 'prange', 'inline', 'constexpr', 'lower_bound', 'upper_bound', 'unordered_map', 'unordered_set', 'set', 'frozenset']);

function countIn(toks: Token[], pred: (t: Token) => boolean): number {
  let n = 0;
  for (const t of toks) if (pred(t)) n++;
  return n;
}

const stmtsStartingIn = (stmts: Stmt[] | undefined, ls: Set<number>) => (stmts ?? []).filter((s) => ls.has(s.start));

/** Lines whose every code token belongs to the given token ranges (wholly added / removed lines). */
function wholeLines(p: Program, spans: [number, number][]): Set<number> {
  const inSpan = new Uint8Array(p.tokens.length);
  for (const [a, b] of spans) inSpan.fill(1, a, b);
  const out = new Set<number>();
  for (const [a, b] of spans) {
    for (let k = a; k < b; k++) {
      const l = p.tokens[k].line;
      if (out.has(l)) continue;
      let all = true;
      for (let t = p.lineStart[l]; t < p.lineStart[l + 1]; t++) if (!inSpan[t]) all = false;
      if (all) out.add(l);
    }
  }
  return out;
}

function structural(f: EditFacts, c: Collector, consumed: Set<SubHunk>, rewritten: Set<string>) {
  const P = f.parent.tokens;
  const C = f.child.tokens;
  const pr = f.parent.syntax?.routines ?? [];
  const cr = f.child.syntax?.routines ?? [];
  const open = f.subs.filter((s) => !consumed.has(s));
  const addSpans = open.map((s) => [s.a0, s.a1] as [number, number]);
  const remSpans = open.map((s) => [s.r0, s.r1] as [number, number]);
  const addedWhole = wholeLines(f.child, addSpans);
  const removedWhole = wholeLines(f.parent, remSpans);
  const newStmts = stmtsStartingIn(f.child.syntax?.stmts, addedWhole);
  const goneStmts = stmtsStartingIn(f.parent.syntax?.stmts, removedWhole);
  const addedToks = open.flatMap((s) => C.slice(s.a0, s.a1));
  const removedToks = open.flatMap((s) => P.slice(s.r0, s.r1));
  const explained = new Set<number>(); // child lines accounted for by a bug-fix / efficiency rule
  // Clamps and sentinels are fixes when they are the edit's point, a few tokens wrapped around or
  // added to existing code; inside a large insertion (a new feature) they are just part of it.
  const small = open.filter((s) => s.a1 - s.a0 <= SMALL_FIX_TOKENS);
  let smallAdded: Token[] = [];
  const smallRemoved = small.flatMap((s) => P.slice(s.r0, s.r1));
  const allAdded = open.flatMap((s) => [...lines(C, s.a0, s.a1)]);
  const allRemoved = open.flatMap((s) => [...lines(P, s.r0, s.r1)]);

  // Bug fixes: guards, clamps, sentinels, try/except.
  // A guard inside a new loop / branch is part of that new component, not a fix of old code.
  const containers = newStmts.filter((s) => (s.kind === 'loop' || s.kind === 'branch' || s.kind === 'function') && !s.guard);
  const inNew = (st: Stmt) => containers.some((k) => k !== st && k.start < st.start && st.end <= k.end);
  const guards = newStmts.filter((s) => s.guard && !inNew(s));
  for (const g of guards) {
    const jump = f.child.syntax!.stmts.find((s) => s.kind === 'jump' && s.start >= g.start && s.end <= g.end);
    if (jump?.jump === 'break') c.add('efficiency', 'early exit (break) added', range(g.start, g.end));
    else c.add('bug_fix', `guard added (if ... ${jump?.jump ?? 'jump'})`, range(g.start, g.end));
    range(g.start, g.end).forEach((l) => explained.add(l));
  }
  smallAdded = small.flatMap((s) => C.slice(s.a0, s.a1)).filter((t) => !explained.has(t.line));
  const tries = newStmts.filter((s) => s.type === 'try_statement');
  for (const t of tries) c.add('bug_fix', 'exception handling added', [t.start]);
  const count = (toks: Token[], set: Set<string>) => countIn(toks, (t) => t.kind === 'id' && set.has(t.text));
  const lineOf = (toks: Token[], set: Set<string>) => toks.filter((t) => t.kind === 'id' && set.has(t.text)).map((t) => t.line);
  if (count(smallAdded, CLAMPS) > count(smallRemoved, CLAMPS)) {
    c.add('bug_fix', 'clamp added (min/max/clip)', lineOf(smallAdded, CLAMPS));
    lineOf(smallAdded, CLAMPS).forEach((l) => explained.add(l));
  }
  // `None` is a sentinel when it is compared (`is None`, `== None`), not as a default value.
  const noneTests = (toks: Token[], spans: [number, number][]) =>
    spans.flatMap(([a, b]) => toks.slice(a, b).filter((t, k) => t.text === 'None' && ['is', 'not', '==', '!='].includes(toks[a + k - 1]?.text ?? '')));
  const tiny = (toks: Token[]) => countIn(toks, (t) => t.kind === 'num' && /e-\d+$/i.test(t.text) && Number(t.text) > 0 && Number(t.text) < 1e-5);
  const addedNone = noneTests(C, small.map((s) => [s.a0, s.a1]));
  if (count(smallAdded, SENTINELS) + tiny(smallAdded) + addedNone.length > count(smallRemoved, SENTINELS) + tiny(smallRemoved) + noneTests(P, small.map((s) => [s.r0, s.r1])).length) {
    const ls = smallAdded.filter((t) => (t.kind === 'id' && SENTINELS.has(t.text)) || (t.kind === 'num' && /e-\d+$/i.test(t.text))).map((t) => t.line).concat(addedNone.map((t) => t.line));
    c.add('bug_fix', 'sentinel handled (nan/inf/None/epsilon)', ls);
    ls.forEach((l) => explained.add(l));
  }

  // Efficiency: loops replaced by vectorised calls, caching, partial sorts, speed idioms.
  const loopsGone = goneStmts.filter((s) => s.kind === 'loop').length - newStmts.filter((s) => s.kind === 'loop').length;
  if (loopsGone > 0 && count(addedToks, VECTOR) > count(removedToks, VECTOR)) {
    c.add('efficiency', 'loop replaced by vectorised calls', lineOf(addedToks, VECTOR), goneStmts.filter((s) => s.kind === 'loop').map((s) => s.start));
  }
  const cacheAdded = addedToks.filter((t) => t.kind === 'id' && CACHES.test(t.text));
  if (cacheAdded.length > countIn(removedToks, (t) => t.kind === 'id' && CACHES.test(t.text))) c.add('efficiency', 'caching added', cacheAdded.map((t) => t.line));
  if (count(addedToks, FAST) > count(removedToks, FAST)) c.add('efficiency', 'faster idiom added', lineOf(addedToks, FAST));
  const breaks = newStmts.filter((s) => s.jump === 'break' && !inNew(s) && !newStmts.some((g) => g.guard && g.start <= s.start && s.end <= g.end) && !guards.some((g) => g.start <= s.start && s.end <= g.end));
  if (breaks.length) c.add('efficiency', 'early exit (break) added', breaks.map((s) => s.start));
  for (const l of c.added.get('efficiency') ?? []) explained.add(l - 1);

  // Composition: new branches / loops / classes while the old code stays.
  const components = newStmts.filter((s) => (s.kind === 'branch' && !s.guard && s.type !== 'else_clause') || s.kind === 'loop' || s.kind === 'class');
  const insertHeavy = addedToks.length >= 2 * Math.max(1, removedToks.length);
  for (const s of components) {
    if (explained.has(s.start)) continue;
    if (rewritten.has(routineAt(cr, s.start)?.name ?? '\0')) continue;
    if (!insertHeavy && s.kind === 'branch') continue;
    c.add('composition', `new ${s.kind === 'loop' ? 'loop' : s.kind === 'class' ? 'class' : 'branch'} (${s.type.replace(/_(statement|clause|specifier|definition)$/, '')})`, range(s.start, s.end));
    range(s.start, s.end).forEach((l) => explained.add(l));
  }

  // Pruning: whole statements removed with nothing in their place, or fewer branches / loops /
  // routines than before with their whole span gone.
  for (const s of open) {
    if (s.a1 > s.a0 || s.r1 - s.r0 < 3) continue;
    const ls = [...lines(P, s.r0, s.r1)];
    if (!ls.every((l) => removedWhole.has(l))) continue;
    if (ls.every((l) => rewritten.has(routineAt(pr, l)?.name ?? '\0'))) continue;
    const gone = goneStmts.filter((g) => ls.includes(g.start));
    c.add('pruning', gone.length ? `removed ${gone[0].type.replace(/_(statement|clause)$/, '')}${gone.length > 1 ? ` and ${gone.length - 1} more` : ''}` : 'statements removed', [], ls);
    consumed.add(s);
  }
  for (const kind of ['branch', 'loop'] as const) {
    const gone = goneStmts.filter((g) => g.kind === kind && !g.guard && range(g.start, g.end).every((l) => removedWhole.has(l) || !f.parent.tokens.some((t) => t.line === l)));
    if (gone.length > newStmts.filter((n) => n.kind === kind).length) {
      const live = gone.filter((g) => !rewritten.has(routineAt(pr, g.start)?.name ?? '\0'));
      if (live.length) c.add('pruning', `${kind} removed`, [], live.flatMap((g) => range(g.start, g.end)));
    }
  }

  // Whatever code change is left, inside a routine that keeps its shape: a local refinement.
  const rest = open.filter((s) => !consumed.has(s));
  const restAdded = rest.flatMap((s) => [...lines(C, s.a0, s.a1)]).filter((l) => !explained.has(l) && !rewritten.has(routineAt(cr, l)?.name ?? '\0'));
  const restRemoved = rest.flatMap((s) => [...lines(P, s.r0, s.r1)]).filter((l) => !rewritten.has(routineAt(pr, l)?.name ?? '\0'));
  if (restAdded.length || (restRemoved.length && !rest.every((s) => s.a1 === s.a0))) {
    const names = [...new Set(restAdded.map((l) => routineAt(cr, l)?.name).filter((x): x is string => !!x))];
    c.add('local_refinement', names.length ? `code edited in ${names.slice(0, 2).map((n) => `${n}()`).join(', ')}` : 'code edited', restAdded, restRemoved);
  } else if (!c.why.size) {
    c.add('local_refinement', 'code edited', allAdded, allRemoved);
  }
}
