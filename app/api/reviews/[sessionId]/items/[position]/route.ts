// GET /api/reviews/[sessionId]/items/[position] - one edit to label, blind: the two sources, the
// language and the caller's own labels, nothing else (no ids, scores, judge or other reviewers'
// labels: tests/db/reviewBlind.test.ts holds the JSON to that). PUT - save the caller's labels,
// note or skip.
import { ApiError, handle, jsonBody } from '@/lib/http/handler';
import { reviewItem, saveReviewLabel } from '@/lib/db/reviews';
import { assignedReviewer } from '@/lib/http/reviewAccess';
import { itemParamsSchema, saveLabelSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (_req, params, { actor }) => {
  const { sessionId, position } = itemParamsSchema.parse(params);
  const reviewer = await assignedReviewer(actor, sessionId);
  const item = await reviewItem(sessionId, position, reviewer);
  if (!item) throw new ApiError(404, `the session has no edit at position ${position}`);
  return item;
}, { permission: 'label' });

export const PUT = handle(async (req, params, { actor }) => {
  const { sessionId, position } = itemParamsSchema.parse(params);
  const body = saveLabelSchema.parse(await jsonBody(req));
  const reviewer = await assignedReviewer(actor, sessionId);
  if (!(await saveReviewLabel(sessionId, position, reviewer, body))) throw new ApiError(404, `the session has no edit at position ${position}`);
  return { saved: true };
}, { permission: 'label' });
