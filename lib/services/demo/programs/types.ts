// What a demo task provides to the scenario generator: a seed program as lines of real
// code, the pieces an "LLM" may edit (numeric knobs, optional blocks, interchangeable lines,
// whole-function rewrites, comments, bugs) and the name of its real evaluator
// (lib/services/demo/evaluators/<name>/), which scores every program the generator makes.
import type { Rng } from '../../../analysis/rng';
import type { DemoEvaluatorName } from '../evaluators/files';

/** A self-contained snippet the search may add (local refinement) or drop (pruning). */
export interface OptionalBlock {
  id: string;
  /** Inserted byte for byte; the first line is the signature the evaluator looks for. */
  lines: string[];
  /** Where it goes: next to the first line matching `anchor`. */
  anchor: RegExp;
  place: 'after' | 'before';
}

/** Lines that may replace each other in place (same indentation), e.g. two accept rules. */
export interface LineVariant {
  id: string;
  /** Trimmed line texts. */
  variants: string[];
}

/** One way of writing a function; a structural rewrite swaps one approach for another. */
export interface Approach {
  id: string;
  /** The whole function, signature included. */
  lines: string[];
  /** Matches a line only this approach has: how the evaluator recognises it. */
  signature: RegExp;
  /** Constant declarations the approach reads; added to the constants when missing. */
  needs?: string[];
  /** Constant declarations the rewrite also changes (an LLM re-tunes what it rewrites). */
  sets?: string[];
  /** Relative chance of being chosen by a rewrite. */
  weight: number;
  /** The approach behind the run's big jump; one planned rewrite goes for it. */
  jackpot?: boolean;
}

export interface RewriteSlot {
  /** Function name. */
  fn: string;
  approaches: Approach[];
}

/** Turns working code into code that fails evaluation; null when not applicable. */
export interface BugInjector {
  id: string;
  apply(lines: string[], rng: Rng): string[] | null;
}

export interface ProgramTemplate {
  task: string;
  /** OpenEvolve's `language` field. */
  language: string;
  /** Markdown fence tag in prompts. */
  fence: string;
  /** Extension of best_program.<ext>. */
  ext: string;
  commentPrefix: string;
  seed: string[];
  /** Names of the tunable constants (the retune operator prefers their lines). */
  knobs: string[];
  blocks: OptionalBlock[];
  lineVariants: LineVariant[];
  slots: RewriteSlot[];
  /** Standalone comment texts (without the prefix) for comment-only edits. */
  comments: string[];
  /** Trailing comments for constant lines. */
  trailingComments: string[];
  bugs: BugInjector[];
  /** The task's evaluator: a folder of lib/services/demo/evaluators (see evaluators/bundles.ts). */
  evaluator: DemoEvaluatorName;
  /** [start, end) of a top-level function, or null. */
  findFunction(lines: string[], fn: string): [number, number] | null;
  /** Index after which new constant declarations go. */
  constantsEnd(lines: string[]): number;
  /** Lines the retune operator must not touch (includes, seeds of the RNG...). */
  frozenLine(line: string): boolean;
  systemMessage: string;
  /** Describes the evaluation in prompts ("## Last Execution Output"). */
  describeArtifacts?(artifacts: Record<string, unknown>): string;
}

/** Reads `NAME = <number>` (Python) or `const T NAME = <number>;` (C++) from code. */
export function knobValue(code: string, name: string): number | null {
  const re = new RegExp(
    `^\\s*(?:(?:static\\s+)?(?:constexpr|const)\\s+[\\w:]+\\s+)?${name}\\s*=\\s*(-?\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?)`,
    'm',
  );
  const m = re.exec(code);
  return m ? Number(m[1]) : null;
}
