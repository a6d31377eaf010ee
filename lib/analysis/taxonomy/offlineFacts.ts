// What changed between a parent and a child, in the terms the offline judge's rules use: the
// changed line hunks of the unified diff (editDiff), refined to token sub-hunks (the code tokens
// of the hunk's lines aligned by difflib's matcher), each classified as a literal change, a
// rename, an operator flip or a structural change; plus each program's syntax facts.
import { complexityLanguage } from '../complexity';
import { matchingBlocks } from '../lineDiff';
import { editDiff } from './diff';
import { syntaxFacts, type SyntaxFacts } from './offlineSyntax';
import { isLiteral, tokenize, type Token, type TokenDialect } from './offlineTokens';

export interface Program {
  code: string;
  tokens: Token[];
  /** tokens of line L are tokens[lineStart[L] .. lineStart[L + 1]). */
  lineStart: Int32Array;
  /** null: no parser for the language (token-level fallback). */
  syntax: SyntaxFacts | null;
}

export type SubKind = 'literal' | 'rename' | 'operator' | 'structural';

/** One token-level change: parent tokens [r0, r1) replaced by child tokens [a0, a1). */
export interface SubHunk {
  kind: SubKind;
  r0: number;
  r1: number;
  a0: number;
  a1: number;
}

export interface EditFacts {
  dialect: TokenDialect;
  parent: Program;
  child: Program;
  /** 0-based changed lines of the diff. */
  removedLines: number[];
  addedLines: number[];
  subs: SubHunk[];
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
export function program(code: string, dialect: TokenDialect): Program {
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
  const syntax = dialect === 'other' ? null : syntaxFacts(code, dialect);
  const p: Program = { code, tokens, lineStart, syntax };
  cache.set(key, p);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return p;
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
  const parent = program(parentCode, dialect);
  const child = program(childCode, dialect);
  const diff = editDiff(parentCode, childCode);
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
  return { dialect, parent, child, removedLines: diff.removed, addedLines: diff.added, subs, hunks };
}

const SIGNS = new Set(['+', '-']);
const FLIPS = new Set(['+', '-', '<', '>', '<=', '>=', '==', '!=', '+=', '-=', 'and', 'or', '&&', '||', 'min', 'max', 'not', '!']);

function classify(p: Token[], c: Token[], s: SubHunk): SubHunk {
  const r = p.slice(s.r0, s.r1);
  const a = c.slice(s.a0, s.a1);
  // A sign folded into a number (-0.5 -> 0.5) is part of the literal.
  const lit = (t: Token) => isLiteral(t) || SIGNS.has(t.text);
  if (r.length && a.length && r.some(isLiteral) && a.some(isLiteral) && r.every(lit) && a.every(lit)) return { ...s, kind: 'literal' };
  if (r.length && r.length === a.length && r.every((t) => t.kind === 'id') && a.every((t) => t.kind === 'id')) return { ...s, kind: 'rename' };
  if (r.length + a.length > 0 && r.length <= 2 && a.length <= 2 && [...r, ...a].every((t) => FLIPS.has(t.text))) return { ...s, kind: 'operator' };
  return s;
}

/**
 * Identifier substitutions are renames only when consistent: every occurrence of the old name is
 * gone from the child and the new name did not exist in the parent. Otherwise the edit swaps
 * one existing variable for another (a structural change).
 */
function markRenames(subs: SubHunk[], parent: Program, child: Program) {
  const parentIds = new Set(parent.tokens.filter((t) => t.kind === 'id').map((t) => t.text));
  const childIds = new Set(child.tokens.filter((t) => t.kind === 'id').map((t) => t.text));
  for (const s of subs) {
    if (s.kind !== 'rename') continue;
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
