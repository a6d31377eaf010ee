// Duplicates by behaviour versus duplicates by text, and the budget each took. Seed 002: "A
// hash is computed from the priority values the function assigns to each input. Two functions
// that produce identical priority mappings are considered duplicates and discarded, even if
// their code differs." (counter duplicates_discarded: "Identical output hash").
//
// Definitions (the seed is silent on everything below but the output hash):
// - Behaviour key, in order of preference: the source's own output hash; else the per-test
//   outputs, compared exactly in a canonical form (object keys sorted, so {a,b} = {b,a}); else
//   scores_per_test (coarser: equal scores need not mean equal outputs; every entry says which
//   basis it used). No hashing here: the canonical text itself is the key, so there is no
//   collision to explain.
// - Normalised code: line ends unified, trailing whitespace and blank lines removed. Comments and
//   inner whitespace stay: a comment-only change is a different text whose behaviour will say
//   it is the same program, which is the point of comparing the two.
// - Arrival order decides who is first; a later program is
//     'textual'     when its normalised code was seen before (whatever its behaviour),
//     'behavioural' when its code is new but its behaviour key was seen before,
//     'unique'      otherwise (behaviourKnown false when it had no behaviour key).
// - Scope: FunSearch's seed implementation keeps one hash set per island and clears it when the
//   island is reset; give each program scope `${island}:${reset count}` to reproduce that, or no
//   scope to compare across the whole run. `seedRuleDiscards` counts what that rule discards
//   (behaviour key seen before in the scope, textual duplicates included): the number the
//   source's duplicates_discarded counter should show when the basis is its output hash.
// - Budget: each program's `cost` (dollars, tokens, seconds: whatever the caller measures),
//   1 when absent, so the default counts evaluations.

import { signatureKey, type ScoresPerTest } from './clusters';

export type DedupProgram = {
  id: string;
  code?: string | null;
  outputHash?: string | null;
  outputs?: unknown;
  scoresPerTest?: ScoresPerTest | null;
  cost?: number | null;
  scope?: string | null;
};

export type BehaviourBasis = 'outputHash' | 'outputs' | 'scoresPerTest';
export type DuplicateKind = 'unique' | 'textual' | 'behavioural';

export type DedupEntry = {
  id: string;
  kind: DuplicateKind;
  /** The first program (same scope) with the same code ('textual') or behaviour ('behavioural'). */
  duplicateOf: string | null;
  basis: BehaviourBasis | null;
  behaviourKnown: boolean;
  cost: number;
};

export type BehaviourGroup = {
  scope: string | null;
  basis: BehaviourBasis;
  ids: string[];
  /** Distinct normalised texts among the group's programs that have code. */
  distinctCode: number;
  budget: number;
};

export type Spent = { count: number; budget: number };

export type DedupReport = {
  entries: DedupEntry[];
  /** Programs sharing a behaviour key (two or more), largest first. */
  groups: BehaviourGroup[];
  totals: { programs: Spent; unique: Spent; textual: Spent; behavioural: Spent; withoutBehaviour: Spent; seedRuleDiscards: Spent };
};

export function normaliseCode(code: string): string {
  return code
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line !== '')
    .join('\n');
}

/** A canonical text of JSON-like data: sorted object keys; numbers by String, so NaN, Infinity
 * and -Infinity stay distinct (JSON would write null for all three); -0 equals 0. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(String(value));
}

export function behaviourKey(p: DedupProgram): { basis: BehaviourBasis; key: string } | null {
  if (typeof p.outputHash === 'string' && p.outputHash !== '') return { basis: 'outputHash', key: `h:${p.outputHash}` };
  if (p.outputs !== undefined && p.outputs !== null) return { basis: 'outputs', key: `o:${canonical(p.outputs)}` };
  if (p.scoresPerTest && Object.keys(p.scoresPerTest).length) return { basis: 'scoresPerTest', key: `s:${signatureKey(p.scoresPerTest)}` };
  return null;
}

const spent = (): Spent => ({ count: 0, budget: 0 });

export function findDuplicates(programs: readonly DedupProgram[]): DedupReport {
  const firstByCode = new Map<string, string>();
  const firstByBehaviour = new Map<string, string>();
  const groups = new Map<string, BehaviourGroup & { codes: Set<string> }>();
  const totals = { programs: spent(), unique: spent(), textual: spent(), behavioural: spent(), withoutBehaviour: spent(), seedRuleDiscards: spent() };
  const add = (s: Spent, cost: number) => {
    s.count++;
    s.budget += cost;
  };
  const entries = programs.map((p): DedupEntry => {
    const cost = typeof p.cost === 'number' && Number.isFinite(p.cost) ? p.cost : 1;
    const scope = p.scope ?? null;
    // \u0000 cannot occur in a scope label a source writes, so scopes never run together.
    const prefix = `${scope ?? ''}\u0000`;
    const code = typeof p.code === 'string' ? prefix + normaliseCode(p.code) : null;
    const b = behaviourKey(p);
    const bKey = b ? prefix + b.key : null;

    const sameCode = code !== null ? firstByCode.get(code) : undefined;
    const sameBehaviour = bKey !== null ? firstByBehaviour.get(bKey) : undefined;
    if (code !== null && sameCode === undefined) firstByCode.set(code, p.id);
    if (bKey !== null && sameBehaviour === undefined) firstByBehaviour.set(bKey, p.id);

    if (bKey !== null && b) {
      let g = groups.get(bKey);
      if (!g) {
        g = { scope, basis: b.basis, ids: [], distinctCode: 0, budget: 0, codes: new Set() };
        groups.set(bKey, g);
      }
      g.ids.push(p.id);
      g.budget += cost;
      if (code !== null) g.codes.add(code);
    }

    const kind: DuplicateKind = sameCode !== undefined ? 'textual' : sameBehaviour !== undefined ? 'behavioural' : 'unique';
    add(totals.programs, cost);
    add(totals[kind], cost);
    if (!b) add(totals.withoutBehaviour, cost);
    if (sameBehaviour !== undefined) add(totals.seedRuleDiscards, cost);
    return {
      id: p.id,
      kind,
      duplicateOf: kind === 'textual' ? sameCode! : kind === 'behavioural' ? sameBehaviour! : null,
      basis: b?.basis ?? null,
      behaviourKnown: b !== null,
      cost,
    };
  });
  const list = [...groups.values()]
    .filter((g) => g.ids.length >= 2)
    .map(({ codes, ...g }) => ({ ...g, distinctCode: codes.size }));
  // Stable: equal sizes keep first-appearance order.
  list.sort((a, b) => b.ids.length - a.ids.length);
  return { entries, groups: list, totals };
}
