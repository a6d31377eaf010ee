// GET /api/runs/[runId]/cycling/edits?definitions&scope&offset&limit - one page (limit <= 500) of the cycling report's edits, in processing order; 202 {pending:true} until computed; cached per version (ETag, 304), packed with &enc=gzip
import { analysisResponse } from '@/lib/http/analysisResponse';
import { handle, queryOf } from '@/lib/http/handler';
import { cyclingEditsQuerySchema, type EditsPage } from '@/lib/contracts/api/analyses';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getCyclingEditsPage, programIdsByExternal } from '@/lib/db/cyclingReports';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { definitions, scope, offset, limit } = cyclingEditsQuerySchema.parse(queryOf(req));
  const res = await analysisResponse(req, runId, `cycling-edits:${definitions}:${scope}:${offset}:${limit}`, async () => {
    const page = await getCyclingEditsPage(runId, definitions, scope, offset, limit);
    if (!page) return null;
    const ids = await programIdsByExternal(runId, page.edits.flatMap((e) => [e.parentId, e.childId]));
    const body: EditsPage = {
      total: page.total,
      offset,
      limit,
      nextOffset: offset + limit < page.total ? offset + limit : null,
      edits: page.edits,
      programIds: ids,
    };
    return body;
  });
  return res ?? Response.json({ pending: true }, { status: 202 });
}, { permission: 'read' });
