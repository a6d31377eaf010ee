// GET /api/runs - one page of runs, newest first, filtered (?q, framework, task, language, tag; ?limit=1..500, default 100; ?cursor=nextCursor)
import { handle, queryOf } from '@/lib/http/handler';
import { runsQuerySchema } from '@/lib/contracts/api/runs';
import { listRuns } from '@/lib/db/runList';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => listRuns(runsQuerySchema.parse(queryOf(req))), { permission: 'read' });
