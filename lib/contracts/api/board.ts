// Shapes of the review board, comment and mention APIs (issue 10 item 4). Pure: zod schemas and
// types shared by routes, pages and tests.
import { z } from 'zod';
import { uuidSchema } from './params';

export const REVIEW_STATUSES = ['unreviewed', 'confirmed', 'disputed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const reviewStatusBodySchema = z.object({ status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }) });

export const COMMENT_TARGETS = ['edit', 'program', 'diff'] as const;
export type CommentTargetKind = (typeof COMMENT_TARGETS)[number];

/** Where a comment hangs: a run's best-so-far edit (by its child), a program, or a diff (+ line). */
export const commentTargetSchema = z.object({
  target: z.enum(COMMENT_TARGETS, { error: `target must be one of ${COMMENT_TARGETS.join(', ')}` }),
  programId: uuidSchema('program id'),
  line: z.coerce.number().int().min(1, 'line must be at least 1').optional(),
});
export type CommentTarget = z.infer<typeof commentTargetSchema>;

export const COMMENT_MAX_CHARS = 20_000;
export const commentBodySchema = z
  .string()
  .max(COMMENT_MAX_CHARS, `a comment is at most ${COMMENT_MAX_CHARS} characters`)
  .refine((s) => s.trim().length > 0, 'a comment must not be empty');

export const commentCreateSchema = commentTargetSchema.extend({ body: commentBodySchema });
export const commentEditSchema = z.object({ body: commentBodySchema });

export interface CommentAuthor {
  id: string | null;
  /** 'local' on the single-user workbench; 'user'/'token' otherwise. */
  kind: string;
  name: string;
}

export interface CommentView {
  id: string;
  runId: string;
  programId: string;
  target: CommentTargetKind;
  line: number | null;
  author: CommentAuthor;
  /** Empty once deleted (the thread keeps its place, the text goes). */
  body: string;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  /** Mentioned accounts: their e-mail (as written in the body) and name, for chips. */
  mentions: { userId: string; email: string; name: string }[];
  /** Whether the asking actor may edit / delete it. */
  canEdit: boolean;
  canDelete: boolean;
}

export interface BoardLabels {
  judge: string;
  status: string;
  labels: string[];
}

export interface BoardEdit {
  childId: string;
  childExternalId: string;
  parentId: string | null;
  parentExternalId: string | null;
  iteration: number;
  score: number;
  /** Score minus the previous best-so-far score (null for the first point). */
  jump: number | null;
  judgeLabels: BoardLabels[];
  /** Blind-review labels per reviewer (the review sessions' table), when it exists. */
  humanLabels: { reviewer: string; labels: string[] }[];
  status: ReviewStatus;
  statusBy: string | null;
  statusAt: string | null;
  comments: number;
}

export interface Board {
  runId: string;
  metric: string;
  higherIsBetter: boolean;
  edits: BoardEdit[];
  judges: string[];
  humanLabelsAvailable: boolean;
}

export interface MentionView {
  comment: CommentView;
  runName: string;
  readAt: string | null;
  /** Permalink to the comment where it lives. */
  href: string;
}

/** Where a comment lives, with its #comment-<id> anchor (board edits open their thread). */
export function commentHref(c: { id: string; runId: string; programId: string; target: CommentTargetKind }): string {
  const base =
    c.target === 'edit'
      ? `/runs/${c.runId}/board?edit=${c.programId}`
      : c.target === 'diff'
        ? `/runs/${c.runId}/programs/${c.programId}/diff`
        : `/runs/${c.runId}/programs/${c.programId}`;
  return `${base}#comment-${c.id}`;
}
