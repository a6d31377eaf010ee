// Response shapes (and query schemas) of the replay listing routes (issue 11):
//   GET /api/runs/[runId]/replays         - per target program, its latest replay's summary per
//                                           variant, and the run's median ratio per variant;
//   GET /api/runs/[runId]/replay-targets  - programs with a stored prompt, best-so-far events first.
// The page that lists a run's replays (components/replay) codes against these types.
import { z } from 'zod';
import type { ExperimentStatus, ReplayVariant, ReplayVariantSummary } from '../interventionTypes';

export const replayTargetsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export interface ReplayTarget {
  programId: string;
  externalId: string;
  iteration: number | null;
  score: number | null;
  /** The program is a best-so-far event of the run (it beat every earlier program). */
  bestSoFar: boolean;
  /** The stored prompt's kind (OpenEvolve: diff_user / full_rewrite_user). */
  promptKind: string | null;
  /** Replays already run on it. */
  replays: number;
}

export interface ReplayTargetsResponse {
  items: ReplayTarget[];
  /** Programs of the run with a stored prompt. */
  total: number;
}

export interface ReplayRow {
  programId: string;
  externalId: string;
  iteration: number | null;
  bestSoFar: boolean;
  /** The latest replay experiment of this program (any status). */
  experimentId: string;
  status: ExperimentStatus;
  done: number;
  total: number;
  model: string | null;
  originalScore: number | null;
  parentScore: number | null;
  createdAt: string;
  /** Its report's per-variant figures (partial while it runs; empty before the first trial). */
  variants: ReplayVariantSummary[];
}

export interface ReplaysResponse {
  items: ReplayRow[];
  /** Per variant: the median over targets of their score ratios (Table 3's run figure) and how many targets have one. */
  median: { variant: ReplayVariant; scoreRatio: number | null; targets: number }[];
}
