// The offline judge's rules on the statements an edit adds and removes (offlineJudge.ts runs the
// literal, rename, import, move and rewrite rules first): bug fixes (guards, clamps, sentinels,
// try/except), efficiency (vectorised loops, caching, early exits, speed idioms), composition (new
// branches, loops, classes), pruning (a control statement deleted whole by a hunk that adds no
// code) and, for whatever change is left inside an existing routine, local refinement.
import type { EditFacts } from './offlineFacts';
import type { Program, SubHunk } from './offlineTypes';
import { Collector, lines, range, routineAt } from './offlineEvidence';
import type { Stmt } from './offlineSyntax';
import { isTolerance, type Token } from './offlineTokens';

const SMALL_FIX_TOKENS = 15;
/** A new branch this small (code tokens, B.5's local-refinement `if` has 23) with a plain body refines its routine. */
const SMALL_BRANCH_TOKENS = 25;
const CLAMPS = new Set(['min', 'max', 'clip', 'clamp', 'fmin', 'fmax', 'fminf', 'fmaxf', 'nan_to_num', 'maximum', 'minimum', 'abs', 'fabs']);
/** Operators a tolerance epsilon is an operand of. */
const OPERAND = new Set(['+', '-', '*', '/', '<', '>', '<=', '>=', '==', '!=', '+=', '-=']);
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

export function structural(f: EditFacts, c: Collector, consumed: Set<SubHunk>, rewritten: Set<string>) {
  const P = f.parent.tokens;
  const C = f.child.tokens;
  const pr = f.parentSyntax?.routines ?? [];
  const cr = f.childSyntax?.routines ?? [];
  const open = f.subs.filter((s) => !consumed.has(s));
  const addSpans = open.map((s) => [s.a0, s.a1] as [number, number]);
  const remSpans = open.map((s) => [s.r0, s.r1] as [number, number]);
  const addedWhole = wholeLines(f.child, addSpans);
  const removedWhole = wholeLines(f.parent, remSpans);
  const newStmts = stmtsStartingIn(f.childSyntax?.stmts, addedWhole);
  const goneStmts = stmtsStartingIn(f.parentSyntax?.stmts, removedWhole);
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
    const jump = f.childSyntax!.stmts.find((s) => s.kind === 'jump' && s.start >= g.start && s.end <= g.end);
    if (jump?.jump === 'break') c.add('efficiency', 'early exit (break) added', range(g.start, g.end));
    else c.add('bug_fix', `guard added (if ... ${jump?.jump ?? 'jump'})`, range(g.start, g.end));
    range(g.start, g.end).forEach((l) => explained.add(l));
  }
  smallAdded = small.flatMap((s) => C.slice(s.a0, s.a1)).filter((t) => !explained.has(t.line));
  // A clamp or sentinel corrects existing code when it is wrapped into a line that stays (the line
  // keeps code tokens); a new statement that only clamps is a new step (a projection), and a new
  // statement handling a sentinel is a fix only when it is what the edit does (literals aside).
  const stays = new Set<number>(); // child lines whose code changes are only insertions (or literal swaps)
  const touchedBy = new Map<number, SubHunk[]>();
  for (const s of f.subs) for (const l of lines(C, s.a0, s.a1)) touchedBy.set(l, [...(touchedBy.get(l) ?? []), s]);
  const inNewCode = (l: number) => containers.some((k) => k.start <= l && l <= k.end);
  for (const [l, ss] of touchedBy) if (!addedWhole.has(l) && !inNewCode(l) && ss.every((s) => s.r1 === s.r0 || s.kind === 'literal')) stays.add(l);
  const wrapped = smallAdded.filter((t) => stays.has(t.line));
  const tries = newStmts.filter((s) => s.type === 'try_statement');
  for (const t of tries) c.add('bug_fix', 'exception handling added', [t.start]);
  const count = (toks: Token[], set: Set<string>) => countIn(toks, (t) => t.kind === 'id' && set.has(t.text));
  const lineOf = (toks: Token[], set: Set<string>) => toks.filter((t) => t.kind === 'id' && set.has(t.text)).map((t) => t.line);
  if (count(wrapped, CLAMPS) > count(smallRemoved, CLAMPS)) {
    c.add('bug_fix', 'clamp added (min/max/clip)', lineOf(wrapped, CLAMPS));
    lineOf(wrapped, CLAMPS).forEach((l) => explained.add(l));
  }
  // `None` is a sentinel when it is compared (`is None`, `== None`), not as a default value.
  const noneTests = (toks: Token[], spans: [number, number][]) =>
    spans.flatMap(([a, b]) => toks.slice(a, b).filter((t, k) => t.text === 'None' && ['is', 'not', '==', '!='].includes(toks[a + k - 1]?.text ?? '')));
  // A tiny epsilon is a tolerance when it is an operand (`d - 1e-12`, `x > 1e-10`), not a value
  // assigned or passed (`tol=1e-6`).
  const isTiny = (toks: Token[], k: number) => {
    const t = toks[k];
    return isTolerance(t) && (OPERAND.has(toks[k - 1]?.text ?? '') || OPERAND.has(toks[k + 1]?.text ?? ''));
  };
  const tinyIn = (toks: Token[], spans: [number, number][]) => spans.flatMap(([a, b]) => toks.slice(a, b).filter((_, k) => isTiny(toks, a + k)));
  const smallSpans = (side: 'a' | 'r') => small.map((s) => (side === 'a' ? [s.a0, s.a1] : [s.r0, s.r1]) as [number, number]);
  const sentinelsAdded = [
    ...smallAdded.filter((t) => t.kind === 'id' && SENTINELS.has(t.text)),
    ...tinyIn(C, smallSpans('a')),
    ...noneTests(C, smallSpans('a')),
  ].filter((t) => !explained.has(t.line));
  const sentinelLines = new Set(sentinelsAdded.map((t) => t.line));
  const fixOnly = open.every((s) => s.r1 === s.r0 && [...lines(C, s.a0, s.a1)].every((l) => sentinelLines.has(l)));
  const sentinels = fixOnly ? sentinelsAdded : sentinelsAdded.filter((t) => stays.has(t.line));
  const sentinelsRemoved = count(smallRemoved, SENTINELS) + tinyIn(P, smallSpans('r')).length + noneTests(P, smallSpans('r')).length;
  if (sentinels.length > sentinelsRemoved) {
    const ls = sentinels.map((t) => t.line);
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
  for (const l of c.lines('efficiency', 'added')) explained.add(l - 1);

  // Composition: new branches / loops / classes while the old code stays.
  const components = newStmts.filter((s) => (s.kind === 'branch' && !s.guard && s.type !== 'else_clause') || s.kind === 'loop' || s.kind === 'class');
  const insertHeavy = addedToks.length >= 2 * Math.max(1, removedToks.length);
  for (const s of components) {
    if (explained.has(s.start)) continue;
    if (rewritten.has(routineAt(cr, s.start)?.name ?? '\0')) continue;
    if (!insertHeavy && s.kind === 'branch') continue;
    // A small branch inside an existing routine (<= SMALL_BRANCH_TOKENS, no control statement in
    // its body) is a refinement of that routine, as B.5's three-line bonus `if`; a component is
    // bigger: an operator, a phase, a strategy.
    if (s.kind === 'branch' && f.child.lineStart[s.end + 1] - f.child.lineStart[s.start] <= SMALL_BRANCH_TOKENS && !(f.childSyntax?.stmts ?? []).some((x) => x !== s && x.start >= s.start && x.end <= s.end && x.kind !== 'jump')) continue;
    // A new loop around existing code (under half its code lines wholly added) repeats an
    // existing pass: a refinement of it, not a new component.
    if (s.kind === 'loop') {
      const code = range(s.start, s.end).filter((l) => f.child.lineStart[l] < f.child.lineStart[l + 1]);
      if (code.filter((l) => addedWhole.has(l)).length * 2 < code.length) continue;
    }
    c.add('composition', `new ${s.kind === 'loop' ? 'loop' : s.kind === 'class' ? 'class' : 'branch'} (${s.type.replace(/_(statement|clause|specifier|definition)$/, '')})`, range(s.start, s.end));
    range(s.start, s.end).forEach((l) => explained.add(l));
  }

  // Pruning: a code path, phase or feature removed with nothing in its place: a control
  // statement (branch, loop, try, routine, class) deleted whole by a line hunk that adds no code
  // (where the hunk writes a replacement, the deletion is part of that rework; a few plain
  // statements deleted are a local edit); or fewer branches / loops than before, so deleted.
  const hasCode = (l: number) => f.parent.lineStart[l] < f.parent.lineStart[l + 1];
  const pureDeleted = new Set<number>();
  for (const h of f.hunks) if (h.a1 === h.a0) for (let k = h.r0; k < h.r1; k++) pureDeleted.add(P[k].line);
  for (const s of open) {
    if (s.a1 > s.a0 || s.r1 - s.r0 < 3) continue;
    const ls = [...lines(P, s.r0, s.r1)];
    if (!ls.every((l) => removedWhole.has(l) && pureDeleted.has(l))) continue;
    const gone = goneStmts.filter((g) => ls.includes(g.start) && g.kind !== 'jump' && !rewritten.has(routineAt(pr, g.start)?.name ?? '\0') && range(g.start, g.end).every((l) => pureDeleted.has(l) || !hasCode(l)));
    if (!gone.length) continue;
    c.add('pruning', `removed ${gone[0].type.replace(/_(statement|clause)$/, '')}${gone.length > 1 ? ` and ${gone.length - 1} more` : ''}`, [], ls);
    consumed.add(s);
  }
  for (const kind of ['branch', 'loop'] as const) {
    const gone = goneStmts.filter((g) => g.kind === kind && !g.guard && range(g.start, g.end).every((l) => (removedWhole.has(l) && pureDeleted.has(l)) || !hasCode(l)));
    if (gone.length > newStmts.filter((n) => n.kind === kind).length) {
      const live = gone.filter((g) => !rewritten.has(routineAt(pr, g.start)?.name ?? '\0'));
      if (live.length) c.add('pruning', `${kind} removed`, [], live.flatMap((g) => range(g.start, g.end)));
    }
  }

  // Whatever code change is left, inside a routine that keeps its shape: a local refinement.
  // Next to a new component or a rewrite, inserted statements belong to it (new fields, calls of
  // the new routine); only code changed in place is a refinement of the old routine.
  const bigger = c.has('composition') || c.has('architectural_change');
  const rest = open.filter((s) => !consumed.has(s) && (!bigger || (s.r1 > s.r0 && s.a1 > s.a0)));
  const restAdded = rest.flatMap((s) => [...lines(C, s.a0, s.a1)]).filter((l) => !explained.has(l) && !rewritten.has(routineAt(cr, l)?.name ?? '\0'));
  const restRemoved = rest.flatMap((s) => [...lines(P, s.r0, s.r1)]).filter((l) => !rewritten.has(routineAt(pr, l)?.name ?? '\0'));
  if (restAdded.length || (restRemoved.length && !rest.every((s) => s.a1 === s.a0))) {
    const names = [...new Set(restAdded.map((l) => routineAt(cr, l)?.name).filter((x): x is string => !!x))];
    c.add('local_refinement', names.length ? `code edited in ${names.slice(0, 2).map((n) => `${n}()`).join(', ')}` : 'code edited', restAdded, restRemoved);
  } else if (!c.size) {
    c.add('local_refinement', 'code edited', allAdded, allRemoved);
  }
}
