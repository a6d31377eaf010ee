// Builders for hand-made runs in the analysis tests.
import type { AnalysisProgram } from '../contracts/analysisTypes';

/** A program; seq defaults to the order of creation, so pass programs in canonical order. */
let nextSeq = 0;
export function prog(
  id: string,
  parents: string | string[] | null,
  iteration: number | null,
  lines: string[],
  extra: Partial<AnalysisProgram> = {},
): AnalysisProgram {
  return {
    id,
    parentIds: parents === null ? [] : Array.isArray(parents) ? parents : [parents],
    iteration,
    timestamp: null,
    seq: nextSeq++,
    code: lines.join('\n') + '\n',
    valid: true,
    score: null,
    language: 'c',
    ...extra,
  };
}
