// GET /api/runs/[runId]/cycling/marks?childId=<source id>&definitions&scope - the lines one child re-added, with who removed them and when; 202 {pending:true} until computed
import { found, handle, queryOf } from '@/lib/http/handler';
import { marksQuerySchema, type MarksResponse } from '@/lib/contracts/api/analyses';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getChildMarks, programIdsByExternal, runExists } from '@/lib/db/cyclingReports';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { definitions, scope, childId } = marksQuerySchema.parse(queryOf(req));
  const stored = await getChildMarks(runId, definitions, scope, childId);
  if (!stored) {
    found((await runExists(runId)) || null, 'run');
    return Response.json({ pending: true }, { status: 202 });
  }
  const ids = await programIdsByExternal(runId, stored.marks.map((m) => m.removedBy));
  const body: MarksResponse = {
    definitions,
    scope,
    childId,
    definitionText: stored.definitionText,
    marks: stored.marks.map((m) => ({ ...m, removedById: ids[m.removedBy] ?? null })),
  };
  return body;
}, { permission: 'read' });
