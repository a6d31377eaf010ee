// GET /api/runs/[runId]/experiments/[experimentId]/source?sha= - a text the experiment stored (a call's program, request or reply; the tuned program)
import { z } from 'zod';
import { found, handle, queryOf } from '@/lib/http/handler';
import { experimentParamsSchema } from '@/lib/contracts/api/experimentSchemas';
import { experimentBlob } from '@/lib/services/experiments/sources';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ sha: z.string().regex(/^[0-9a-f]{64}$/, 'sha must be a sha256 in hex (64 characters)') });

export const GET = handle<{ runId: string; experimentId: string }>(async (req, params) => {
  const { runId, experimentId } = experimentParamsSchema.parse(params);
  const { sha } = querySchema.parse(queryOf(req));
  return { sha, source: found(await experimentBlob(runId, experimentId, sha), 'text of this experiment') };
}, { permission: 'read' });
