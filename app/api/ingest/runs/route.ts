// POST /api/ingest/runs - create a live run that a running search streams programs into
import { createLiveRunSchema, MAX_RUN_BYTES } from '@/lib/contracts/api/ingest';
import { handle, jsonBody } from '@/lib/http/handler';
import { createLiveRun } from '@/lib/db/appendPrograms';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const input = createLiveRunSchema.parse(await jsonBody(req));
  const runId = await createLiveRun(input);
  return Response.json({ runId, url: `${req.nextUrl.origin}/runs/${runId}` }, { status: 201 });
}, { permission: 'ingest', body: { maxBytes: MAX_RUN_BYTES } });
