// The offline judge (issue 9, item 1): labels a parent -> child edit with the nine edit types of
// Table 9 (labels.ts) from syntax, deterministically, with no model. Facts (offlineFacts.ts):
// the diff's line hunks refined to token sub-hunks, the routines, imports and control statements
// of both trees. Rules (one family per label, each recording the lines that drove it):
//   external_dependency  the multiset of import / #include statements changed, with the call
//                  sites of what the swapped imports bind (small changed lines naming them)
//   hyperparameter_tuning  a sub-hunk swaps literals (numbers, strings, booleans) for literals
//   bug_fix        a correction of existing code: an added guard (`if ...: return|continue|raise`),
//                  a clamp (min/max/clip) or sentinel (nan, inf, None, tiny epsilon operand)
//                  wrapped into a line that stays, try/except; a new sentinel statement, a flipped
//                  sign / comparison or a +-1 in an index when that is all the edit does
//   efficiency     loops replaced by vectorised calls, caching (lru_cache, memo dicts), early
//                  exits (break), partial sorts, CUDA/C++ speed idioms (shared memory, unroll...)
//   composition    a new routine (with its call sites), branch or loop added while the code
//                  around it stays (not a branch of <= 25 tokens with a plain body: a refinement)
//   pruning        code removed with nothing in its place (statements, branches, routines)
//   refactor       consistent renames, moved or reordered code, a helper extracted from removed
//                  code; also an edit of comments / layout only (see README: no code token changed,
//                  behaviour preserved: Table 9's nearest type, so that every edit carries a label)
//   architectural_change  a core block replaced by one with little in common (hunk token
//                  similarity < 0.4, in a routine keeping under half its tokens; else >= 30
//                  tokens both sides at < 0.3), or a routine / the whole program rewritten (< 0.3)
//   local_refinement  any other change of code inside an existing routine
// Then the annotators' decision rule (offlineDecide.ts, README "The annotators' decision rule")
// keeps a label only while a finding of its own remains: a rework explains its local edits, new
// parts, deletions, renames and clamps.
// Unknown languages get the same rules on tokens only (no routines, branches or loops), and the
// rationale says so. Thresholds, decisions and measured agreement: README.md, "Offline judge". Nothing here throws on odd input: unparsable code is judged on
// tree-sitter's recovered tree (the rationale notes it).
import { canonicalLabels, type EditLabel } from '../../contracts/editLabels';
import { Collector, lines, range, routineAt, texts, tokensOf } from './offlineEvidence';
import { structural } from './offlineStructure';
import { decide, type Rework } from './offlineDecide';
import { editFacts, tokenSimilarity, type EditFacts } from './offlineFacts';
import type { Program, SubHunk } from './offlineTypes';
import type { Routine, SyntaxFacts } from './offlineSyntax';
import { isTolerance, type Token } from './offlineTokens';
import type { Judgement, LabelEvidence } from '../../contracts/taxonomyTypes';

export { initParsers } from '../treeSitter';
export { OFFLINE_JUDGE_KEY } from '../../contracts/taxonomyTypes';

/** Below this token similarity a whole routine (or program) counts as rewritten. */
const ROUTINE_REWRITE = 0.3;
/** Below this token similarity a replaced block of the diff counts as a new approach. */
const REWRITE_SIMILARITY = 0.4;
/** A routine (or program) keeping at least this token similarity stays: a block replaced in it is a core block only when... */
const ROUTINE_STAYS = 0.5;
/** ...both sides have at least this many tokens and a similarity below this. */
const CORE_BLOCK_TOKENS = 30;
const CORE_BLOCK_SIMILARITY = 0.3;
/** A block is an "algorithmic block" from this many tokens on (the larger side)... */
const MIN_BLOCK_TOKENS = 40;
/** ...and when both sides have at least this many (a block replaced, not code added). */
const MIN_REPLACED_TOKENS = 12;

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
  const prefix = f.dialect === 'other' ? `token-level fallback (no parser for "${language}")` : `${f.dialect} syntax${f.parentSyntax?.parseErrors || f.childSyntax?.parseErrors ? ' (with parse errors)' : ''}`;
  if (f.removedLines.length + f.addedLines.length === 0) return { labels: [], rationale: `${prefix}: same lines, line endings only`, evidence: {} };
  if (f.subs.length === 0) {
    c.add('refactor', 'only comments or layout changed', f.addedLines, f.removedLines);
    return finish(c, prefix);
  }
  judge(f, c);
  return finish(c, prefix);
}

function finish(c: Collector, prefix: string): Judgement {
  const labels = canonicalLabels(c.labels());
  const evidence: LabelEvidence = {};
  for (const l of labels) evidence[l] = { added: c.lines(l, 'added'), removed: c.lines(l, 'removed') };
  const rationale = `${prefix}: ${labels.map((l) => c.reasons(l).slice(0, 3).join(', ')).join('; ')}`;
  return { labels, rationale, evidence };
}

function judge(f: EditFacts, c: Collector) {
  const P = f.parent.tokens;
  const C = f.child.tokens;
  const pr = f.parentSyntax?.routines ?? [];
  const cr = f.childSyntax?.routines ?? [];
  const consumed = new Set<SubHunk>();
  const rem = (s: SubHunk) => lines(P, s.r0, s.r1);
  const add = (s: SubHunk) => lines(C, s.a0, s.a1);

  imports(f, c, consumed);

  // A flipped sign / comparison or a +-1 in an index is a fix when it is what the edit does (a
  // targeted change, literals aside); among other code changes it is part of a rework.
  // Arithmetic on literals is part of a retune: a term or factor of numbers added, dropped or
  // changed (`* 1.07`, `+ 1`, `2` -> `4 - 2`), the sign of a constant term flipped (`- 0.3` ->
  // `+ 0.3`); not a tolerance epsilon (bug_fix's sentinel), not when a name is involved, and not
  // an index offset (`r[j]` -> `r[j + 1]` is logic, an off-by-one either way).
  const isArith = (s: SubHunk) =>
    (s.kind === 'structural' && literalArithmetic(P.slice(s.r0, s.r1), C.slice(s.a0, s.a1)) && !inIndex(P, s.r0, false) && !inIndex(C, s.a0, false)) ||
    (s.kind === 'operator' && SIGN.has(P[s.r0].text) && C[s.a1]?.kind === 'num' && P[s.r1]?.kind === 'num');
  const isFlip = (s: SubHunk) => (s.kind === 'operator' && !isArith(s)) || (s.kind === 'structural' && offByOne(P.slice(s.r0, s.r1), C.slice(s.a0, s.a1)) && (inIndex(P, s.r0) || inIndex(C, s.a0)));
  const targeted = f.subs.every((s) => s.kind === 'literal' || isArith(s) || isFlip(s));
  // A retune changes values in lines that otherwise stay: every change on its lines is a literal,
  // literal arithmetic or a rename. A literal swapped in a line whose code changes too (a
  // signature with new parameters, a formula with a new term) belongs to that change.
  const numeric = (s: SubHunk) => s.kind === 'literal' || s.kind === 'rename' || isArith(s);
  const mixedLines = { r: new Set<number>(), a: new Set<number>() };
  for (const s of f.subs) {
    if (numeric(s)) continue;
    for (const l of rem(s)) mixedLines.r.add(l);
    for (const l of add(s)) mixedLines.a.add(l);
  }
  const retune = (s: SubHunk) => ![...rem(s)].some((l) => mixedLines.r.has(l)) && ![...add(s)].some((l) => mixedLines.a.has(l));

  // Literal swaps, literal arithmetic, renames and operator flips.
  for (const s of f.subs) {
    if (consumed.has(s)) continue;
    if (s.kind === 'literal' && retune(s) && alignedLines(f, s)) {
      c.add('hyperparameter_tuning', 'literal values changed', add(s), rem(s));
      consumed.add(s);
    } else if (isArith(s) && !(targeted && isFlip(s)) && retune(s) && alignedLines(f, s, true)) {
      c.add('hyperparameter_tuning', 'literal arithmetic changed', add(s), rem(s));
      consumed.add(s);
    } else if (s.kind === 'rename') {
      c.add('refactor', `renamed ${P[s.r0].text} -> ${C[s.a0].text}`, add(s), rem(s));
      consumed.add(s);
    } else if (s.kind === 'operator' && targeted) {
      c.add('bug_fix', `operator flipped (${texts(P.slice(s.r0, s.r1)).join(' ') || '∅'} -> ${texts(C.slice(s.a0, s.a1)).join(' ') || '∅'})`, add(s), rem(s));
      consumed.add(s);
    } else if (s.kind === 'structural' && targeted && isFlip(s)) {
      c.add('bug_fix', 'off-by-one (+-1) changed', add(s), rem(s));
      consumed.add(s);
    }
  }

  moves(f, c, consumed);

  // Whole routines added or removed.
  const pNames = new Set(pr.map((r) => r.name));
  const cNames = new Set(cr.map((r) => r.name));
  const removedTokens = f.subs.flatMap((s) => texts(P.slice(s.r0, s.r1)));
  const newRoutines = new Map<string, [EditLabel, string]>(); // short name -> the label and reason it was given
  for (const r of cr) {
    if (pNames.has(r.name)) continue;
    const body = texts(tokensOf(f.child, r));
    const span = range(r.start, r.end);
    const finding: [EditLabel, string] = overlapShare(body, removedTokens) >= 0.6 ? ['refactor', `helper ${r.name}() extracted`] : ['composition', `new routine ${r.name}()`];
    c.add(finding[0], finding[1], span);
    newRoutines.set(r.name.split('::').pop()!, finding);
    consumeLines(f, consumed, 'a', r.start, r.end);
  }
  // The call sites of a new routine (small changed lines naming it) come with it.
  callSites(f, consumed, new Set(newRoutines.keys()), (s, name) => {
    const [label, reason] = newRoutines.get(name)!;
    c.add(label, reason, lines(C, s.a0, s.a1), lines(P, s.r0, s.r1));
  });
  // A routine removed while new routines appear is replaced (kernels split or fused, a routine
  // renamed and rewritten), not a feature pruned.
  // (Its name joins `rewritten`: the statement rules do not read its lines as pruned.)
  const rewritten = new Set<string>();
  const replaced = cr.some((r) => !pNames.has(r.name));
  for (const r of pr) {
    if (cNames.has(r.name)) continue;
    if (replaced) rewritten.add(r.name);
    else c.add('pruning', `routine ${r.name}() removed`, [], range(r.start, r.end));
    consumeLines(f, consumed, 'r', r.start, r.end);
  }

  // Rewritten routines.
  const rework: Rework = { added: new Set(), removed: new Set() };
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
    if (similarAtLeast(f, f.parent.lineStart[rp.start], f.parent.lineStart[rp.start] + a.length, a.length + b.length, ROUTINE_REWRITE)) continue;
    const sim = tokenSimilarity(a, b);
    if (sim < ROUTINE_REWRITE) {
      rewritten.add(name);
      range(rc.start, rc.end).forEach((l) => rework.added.add(l));
      range(rp.start, rp.end).forEach((l) => rework.removed.add(l));
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
    // A core block: the routine around it does not stay, or the block is substantial on both
    // sides. A few lines rewritten inside a routine that otherwise stays are a local refinement.
    const rp = r && pr.find((x) => x.name === r.name);
    if (!(Math.min(a.length, b.length) >= CORE_BLOCK_TOKENS && sim < CORE_BLOCK_SIMILARITY) && routineStays(f, rp, r)) continue;
    if (r) rewritten.add(r.name);
    // The reworked code is the routine around the block (its loop counts and step sizes come with
    // the new approach), or the block itself outside routines.
    (r ? range(r.start, r.end) : lines(C, h.a0, h.a1)).forEach((l) => rework.added.add(l));
    (rp ? range(rp.start, rp.end) : lines(P, h.r0, h.r1)).forEach((l) => rework.removed.add(l));
    c.add('architectural_change', `${r ? `block of ${r.name}()` : 'block'} replaced (token similarity ${sim.toFixed(2)})`, lines(C, h.a0, h.a1), lines(P, h.r0, h.r1));
  }
  if (!c.has('architectural_change') && P.length >= MIN_BLOCK_TOKENS && !similarAtLeast(f, 0, P.length, P.length + C.length, ROUTINE_REWRITE)) {
    const sim = tokenSimilarity(P, C);
    if (sim < ROUTINE_REWRITE) {
      f.addedLines.forEach((l) => rework.added.add(l));
      f.removedLines.forEach((l) => rework.removed.add(l));
      c.add('architectural_change', `program rewritten (token similarity ${sim.toFixed(2)})`, f.addedLines, f.removedLines);
    }
  }

  structural(f, c, consumed, rewritten);
  decide(c, rework);
}

/** The routine (the whole program outside routines) keeps at least ROUTINE_STAYS of its tokens. */
function routineStays(f: EditFacts, rp: Routine | undefined, rc: Routine | undefined): boolean {
  if (rp && rc) {
    const a = tokensOf(f.parent, rp);
    const b = tokensOf(f.child, rc);
    const from = f.parent.lineStart[rp.start];
    return similarAtLeast(f, from, from + a.length, a.length + b.length, ROUTINE_STAYS) || tokenSimilarity(a, b) >= ROUTINE_STAYS;
  }
  const P = f.parent.tokens;
  const C = f.child.tokens;
  return similarAtLeast(f, 0, P.length, P.length + C.length, ROUTINE_STAYS) || tokenSimilarity(P, C) >= ROUTINE_STAYS;
}

/**
 * Cheap bound before a token alignment: the parent tokens in [from, to) outside the diff's hunks
 * sit on equal lines, so they match; when they alone reach the threshold the similarity does too.
 */
function similarAtLeast(f: EditFacts, from: number, to: number, total: number, threshold: number): boolean {
  let changed = 0;
  for (const h of f.hunks) changed += Math.max(0, Math.min(h.r1, to) - Math.max(h.r0, from));
  return (2 * (to - from - changed)) / total >= threshold;
}

/**
 * A literal swap is a retuning when it sits in a line that otherwise stays (its parent and child
 * lines share most tokens); inside rewritten lines the aligner can pair unrelated literals.
 */
function alignedLines(f: EditFacts, s: SubHunk, anchored = false): boolean {
  const lineToks = (p: Program, k: number) => {
    const l = p.tokens[Math.max(0, Math.min(k, p.tokens.length - 1))].line;
    return p.tokens.slice(p.lineStart[l], p.lineStart[l + 1]);
  };
  // An insertion (deletion) sits on the line of the token before it, the last one both sides share.
  const pk = anchored && s.r1 === s.r0 ? s.r0 - 1 : s.r0;
  const ck = anchored && s.a1 === s.a0 ? s.a0 - 1 : s.a0;
  return tokenSimilarity(lineToks(f.parent, pk), lineToks(f.child, ck)) >= 0.6;
}

const ARITH = new Set(['+', '-', '*', '/', '**', '//', '%']);
/** Both sides only numbers and arithmetic (at least one number), no tolerance epsilon. */
function literalArithmetic(r: Token[], a: Token[]): boolean {
  const ok = (ts: Token[]) => ts.every((t) => (t.kind === 'num' && !isTolerance(t)) || ARITH.has(t.text));
  return r.length + a.length > 0 && ok(r) && ok(a) && [...r, ...a].some((t) => t.kind === 'num');
}

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
/** A `[` right after a name or a closing bracket opens a subscript. */
const SUBSCRIPTED = new Set(['id']);

/** Token k sits inside a subscript `x[...]` (not a list display) or (withRange) the arguments of range(...) on its line. */
function inIndex(toks: Token[], k: number, withRange = true): boolean {
  const line = toks[Math.min(k, toks.length - 1)]?.line;
  const stack: string[] = [];
  for (let t = k - 1; t >= 0 && toks[t].line === line; t--) {
    const x = toks[t].text;
    if (x === ')' || x === ']') stack.push(x);
    else if (x === '(' || x === '[') {
      if (stack.length) stack.pop();
      else if (x === '[' ? SUBSCRIPTED.has(toks[t - 1]?.kind ?? '') || [')', ']'].includes(toks[t - 1]?.text ?? '') : withRange && toks[t - 1]?.text === 'range') return true;
    }
  }
  return false;
}

function imports(f: EditFacts, c: Collector, consumed: Set<SubHunk>) {
  const pi = importsOf(f.parent, f.parentSyntax);
  const ci = importsOf(f.child, f.childSyntax);
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
  // The call sites that follow an import swap are part of it: a line whose changes are small
  // (<= CALL_SITE_TOKENS changed tokens a side) and name what an added or removed import binds
  // (`math.sqrt` -> `np.sqrt`, `sum(x * x ...)` -> `np.dot(v, v)`). Larger insertions using the
  // library are code of their own (a new component, a rework).
  const bound = new Set([...addedImp, ...removedImp].flatMap((x) => boundNames(x.text)));
  callSites(f, consumed, bound, (s) => c.add('external_dependency', 'call sites of the swapped import', lines(f.child.tokens, s.a0, s.a1), lines(f.parent.tokens, s.r0, s.r1)));
}

/**
 * Changed lines that are call sites of the given names: the line's changes are small (<=
 * CALL_SITE_TOKENS changed tokens a side) and name one of them. Each of their sub-hunks is
 * handed to `site` and accounted for.
 */
function callSites(f: EditFacts, consumed: Set<SubHunk>, names: Set<string>, site: (s: SubHunk, name: string) => void) {
  if (!names.size) return;
  const C = f.child.tokens;
  const P = f.parent.tokens;
  const byLine = new Map<number, SubHunk[]>();
  for (const s of f.subs) {
    if (consumed.has(s)) continue;
    const l = s.a1 > s.a0 ? C[s.a0].line : (C[s.a0 - 1]?.line ?? -1);
    byLine.set(l, [...(byLine.get(l) ?? []), s]);
  }
  const named = (toks: Token[], a: number, b: number) => toks.slice(a, b).find((t) => t.kind === 'id' && names.has(t.text))?.text;
  for (const ss of byLine.values()) {
    if (ss.reduce((n, s) => n + s.r1 - s.r0, 0) > CALL_SITE_TOKENS || ss.reduce((n, s) => n + s.a1 - s.a0, 0) > CALL_SITE_TOKENS) continue;
    const name = ss.map((s) => named(C, s.a0, s.a1) ?? named(P, s.r0, s.r1)).find((x) => x !== undefined);
    if (name === undefined) continue;
    for (const s of ss) {
      site(s, name);
      consumed.add(s);
    }
  }
}

/** A changed line this small (code tokens changed a side), naming an imported name, is a call site of the import. */
const CALL_SITE_TOKENS = 15;

/** Names an import statement binds: `import numpy as np` -> np, `from a.b import c, d as e` -> c, e, `import os.path` -> os. */
function boundNames(text: string): string[] {
  const from = /^from\s+\S+\s+import\s+\(?([^)]*)\)?$/.exec(text);
  const items = from ? from[1] : /^import\s+(.*)$/.exec(text)?.[1];
  if (!items) return [];
  return items
    .split(',')
    .map((x) => x.trim().split(/\s+as\s+/))
    .map(([name, alias]) => (alias ?? name.split('.')[0]).trim())
    .filter((x) => /^[A-Za-z_]\w*$/.test(x));
}

const short = (s: string) => (s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** Import statements: from the tree, or (fallback) lines starting with an import keyword. */
function importsOf(p: Program, scoped: SyntaxFacts | null): { text: string; line: number }[] {
  if (scoped) return scoped.imports;
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

