// GET /api/runs/[runId]/share-links - the run's read-only share links; POST - create one ({ expiresInDays? }, default 7): the URL is in this answer only
import { handle, jsonBody } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { createShareLink, listShareLinks } from '@/lib/db/shareLinks';
import { requestOrigin } from '@/lib/http/origin';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => ({ links: await listShareLinks(runParamsSchema.parse(params).runId) }), {
  permission: 'share',
});

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const body = req.headers.get('content-length') === '0' ? {} : await jsonBody(req);
  const { secret, link } = await createShareLink(actor, runId, body);
  return Response.json({ link, url: `${requestOrigin(req)}/share/${secret}` }, { status: 201 });
}, { permission: 'share' });
