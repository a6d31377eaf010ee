// DELETE /api/runs/[runId]/share-links/[linkId] - revoke a share link (it stops working at once)
import { handle } from '@/lib/http/handler';
import { uuidSchema } from '@/lib/contracts/api/params';
import { revokeShareLink } from '@/lib/db/shareLinks';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = handle<{ runId: string; linkId: string }>(async (_req, params, { actor }) => {
  return { link: await revokeShareLink(actor, uuidSchema('run id').parse(params.runId), uuidSchema('share link id').parse(params.linkId)) };
}, { permission: 'share' });
