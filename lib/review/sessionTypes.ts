// What a review session looks like to its lists and pages (lib/db/reviews.ts reads it).
import type { SamplingMode } from './sample';

export interface ReviewerProgress {
  reviewer: string;
  /** The user's name (or 'local'). */
  name: string;
  labelled: number;
  skipped: number;
}

export interface ReviewSessionInfo {
  id: string;
  name: string;
  createdBy: string | null;
  runs: { id: string; name: string }[];
  sampling: SamplingMode;
  size: number;
  judge: string | null;
  seed: number;
  createdAt: string;
  items: number;
  reviewers: ReviewerProgress[];
}
