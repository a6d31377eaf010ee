// GET /api/runs/[runId]/programs/by-external/[externalId] - {id, externalId} of the program with that source id
import { found, handle } from '@/lib/http/handler';
import { externalIdParamsSchema } from '@/lib/contracts/api/analyses';
import { findProgramIdByExternalId } from '@/lib/db/programs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; externalId: string }>(async (_req, params) => {
  const { runId, externalId } = externalIdParamsSchema.parse(params);
  const id = found(await findProgramIdByExternalId(runId, externalId), `program "${externalId}"`);
  return { id, externalId };
}, { permission: 'read' });
