// PUT /api/runs/[runId]/board/[childId]/status - set an edit's review status ({ status:
// 'unreviewed' | 'confirmed' | 'disputed' }), audited as 'review.status'. Permission 'comment':
// signing off or disputing an edit is part of discussing it (lib/contracts/permissions.ts), not of
// blind labelling ('label'), which must never see the board.
import { found, handle, jsonBody } from '@/lib/http/handler';
import { reviewStatusBodySchema } from '@/lib/contracts/api/board';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { setReviewStatus } from '@/lib/db/board';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const PUT = handle<{ runId: string; childId: string }>(async (req, params, { actor }) => {
  const { runId, programId } = programParamsSchema.parse({ runId: params.runId, programId: params.childId });
  const { status } = reviewStatusBodySchema.parse(await jsonBody(req));
  return found(await setReviewStatus(actor, runId, programId, status), 'program');
}, { permission: 'comment' });
