// Route inputs of the review sessions (issue 10, blind labelling), shared by routes and forms.
import { z } from 'zod';
import { EDIT_LABELS } from '../contracts/editLabels';
import { uuidSchema } from '../contracts/api/params';
import { SAMPLING_MODES } from './sample';

export const MAX_SESSION_SIZE = 2000;

export const createReviewSessionSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200, 'name is too long'),
  runIds: z.array(uuidSchema('run id')).min(1, 'pick at least one run').max(50, 'at most 50 runs'),
  sampling: z.enum(SAMPLING_MODES),
  size: z.coerce.number().int('size must be an integer').min(1, 'size must be at least 1').max(MAX_SESSION_SIZE, `size must be at most ${MAX_SESSION_SIZE}`),
  /** The judge whose labels stratify the sample; null: strata by the sign of the score change alone. */
  judge: z.string().trim().min(1).max(300).nullable().optional().default(null),
  /** Seed of the draw; absent: drawn at creation (and stored, so the sample can be redrawn). */
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  /** User ids (or 'local' on the single-user workbench); absent: the creator. */
  reviewers: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
});
export type CreateReviewSession = z.infer<typeof createReviewSessionSchema>;

export const sessionParamsSchema = z.object({ sessionId: uuidSchema('session id') });
export const itemParamsSchema = sessionParamsSchema.extend({
  position: z.coerce.number({ error: 'position must be a number' }).int().min(0, 'position must be at least 0'),
});

export const saveLabelSchema = z.object({
  labels: z.array(z.enum(EDIT_LABELS)).max(EDIT_LABELS.length).default([]),
  note: z.string().max(4000, 'the note is too long (4000 characters at most)').default(''),
  skipped: z.boolean().default(false),
});

export const importGoldSchema = z.object({
  /** Whose labelling the file is (a user id or 'local'). */
  reviewer: z.string().trim().min(1).max(200),
  /** The JSONL file's text. */
  text: z.string().max(50 * 1024 ** 2),
});

/** What the reviewing screen receives for one item (GET .../items/[position]): nothing more. */
export const blindItemSchema = z.strictObject({
  position: z.number().int(),
  total: z.number().int(),
  language: z.string().nullable(),
  original: z.string(),
  modified: z.string(),
  mine: z.object({ labels: z.array(z.enum(EDIT_LABELS)), note: z.string(), skipped: z.boolean() }).nullable(),
});
export type BlindItemResponse = z.infer<typeof blindItemSchema>;

export const sessionStateSchema = z.object({
  session: z.object({ id: z.string(), name: z.string(), items: z.number().int() }).passthrough(),
  me: z.object({ reviewer: z.string().nullable(), assigned: z.boolean(), next: z.number().int().nullable() }),
});

const nullableNumber = z.number().nullable();
const side = z.object({ key: z.string(), name: z.string(), kind: z.enum(['judge', 'reviewer']) });
/** GET /api/reviews/[sessionId]/agreement (lib/review/agreementView.ts). */
export const agreementResponseSchema = z.object({
  session: z.object({ id: z.string(), name: z.string(), items: z.number(), judge: z.string().nullable() }),
  judge: z.string().nullable(),
  judges: z.array(z.string()),
  judgeLabelled: z.number(),
  reviewers: z.array(z.object({ reviewer: z.string(), name: z.string(), labelled: z.number(), skipped: z.number() })),
  pairs: z.array(
    z.object({
      a: side,
      b: side,
      report: z.object({
        n: z.number(),
        exactMatch: z.number(),
        meanJaccard: z.number(),
        micro: z.object({ precision: z.number(), recall: z.number(), f1: z.number() }),
        macroF1: z.number(),
        macroKappa: nullableNumber,
        perLabel: z.array(
          z.object({
            label: z.enum(EDIT_LABELS), both: z.number(), onlyA: z.number(), onlyB: z.number(), neither: z.number(),
            precision: nullableNumber, recall: nullableNumber, f1: nullableNumber, kappa: nullableNumber,
          }),
        ),
      }),
      disagreements: z.array(
        z.object({ position: z.number(), runId: z.string(), childId: z.string(), parentId: z.string(), a: z.array(z.enum(EDIT_LABELS)), b: z.array(z.enum(EDIT_LABELS)) }),
      ),
    }),
  ),
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;
