import { expect, it } from 'vitest';
import { buildChangeLog, changeLogText, type ChangeLogProgram } from './changeLog';

const p = (gen: number, score: number | null, parentScore: number | null, editTypes: string[], cycling = false, summary: string | null = null): ChangeLogProgram => ({
  programId: `id${gen}`, externalId: `g${gen}`, generation: gen, score, parentScore, editTypes, cycling, summary,
});

it('lists what was tried with edit types, deltas and cycling, and tallies by edit type', () => {
  const { entries, omitted } = buildChangeLog([p(12, 72, 68, ['algorithm_change'], false, 'replaced linear scan with binary search'), p(11, 60, 68, ['parameter_tuning'], true), p(13, 68, 68, ['parameter_tuning']), p(14, null, 68, [])]);
  expect(omitted).toBe(0);
  expect(entries.map((e) => [e.generation, e.delta, e.cycling])).toEqual([[11, -8, true], [12, 4, false], [13, 0, false], [14, null, false]]);
  const text = changeLogText(entries, { higherIsBetter: true, fromGeneration: 10, toGeneration: 14 });
  expect(text).toContain('after generation 10 (the previous diagnosis) up to 14');
  expect(text).toContain('- gen 12 g12: algorithm_change -> +4 (better) - replaced linear scan with binary search');
  expect(text).toContain('- gen 11 g11: parameter_tuning -> -8 (worse) [cycling: re-adds lines an ancestor deleted]');
  expect(text).toContain('- gen 14 g14: not classified -> no score delta');
  expect(text).toContain('- parameter_tuning: 2 tried, 0 improved, mean delta -4');
  expect(text).toContain('1 of 4 edit(s) re-added lines');
  // Lower is better flips the words.
  expect(changeLogText(entries, { higherIsBetter: false, fromGeneration: null, toGeneration: 14 })).toContain('-> -8 (better)');
});

it('keeps the latest entries past the cap and says how many were left out', () => {
  const many = Array.from({ length: 10 }, (_, i) => p(i, i, 0, ['refactor']));
  const { entries, omitted } = buildChangeLog(many, 3);
  expect(entries.map((e) => e.generation)).toEqual([7, 8, 9]);
  expect(omitted).toBe(7);
  expect(changeLogText(entries, { higherIsBetter: true, fromGeneration: null, toGeneration: 9, omitted })).toContain('7 earlier ones left out');
  expect(changeLogText([], { higherIsBetter: true, fromGeneration: 3, toGeneration: 9 })).toBe('No program was produced after generation 3 (the previous diagnosis) up to 9.');
  expect(changeLogText([], { higherIsBetter: true, fromGeneration: 4, toGeneration: 9, fromLabel: 'the last 5 generations' })).toBe('No program was produced after generation 4 (the last 5 generations) up to 9.');
});
