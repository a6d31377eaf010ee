// GET /api/runs/[runId]/cycling?definitions=default|evoreplay&scope=lineage|run - the stored cycling report without its edits (paged at ./edits); 202 {pending:true} until computed; cached per version (ETag, 304), packed with &enc=gzip
import { analysisResponse } from '@/lib/http/analysisResponse';
import { handle, queryOf } from '@/lib/http/handler';
import { cyclingQuerySchema, type CyclingResponse } from '@/lib/contracts/api/analyses';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getCyclingReportHead, programIdsByExternal } from '@/lib/db/cyclingReports';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { definitions, scope } = cyclingQuerySchema.parse(queryOf(req));
  const res = await analysisResponse(req, runId, `cycling:${definitions}:${scope}`, async () => {
    const report = await getCyclingReportHead(runId, definitions, scope);
    if (!report) return null;
    const named = report.topLines.flatMap((l) => l.history.map((h) => h.childId));
    const body: CyclingResponse = { ...report, programIds: await programIdsByExternal(runId, named) };
    return body;
  });
  return res ?? Response.json({ pending: true }, { status: 202 });
}, { permission: 'read' });
