// GET /api/audit?limit&before&targetKind&targetId - the audit log, newest first (owners)
import { z } from 'zod';
import { handle, queryOf } from '@/lib/http/handler';
import { listAudit } from '@/lib/db/audit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.string().regex(/^\d+$/, 'before is an entry id').transform(BigInt).optional(),
  targetKind: z.string().max(50).optional(),
  targetId: z.string().max(200).optional(),
});

export const GET = handle(async (req) => ({ entries: await listAudit(querySchema.parse(queryOf(req))) }), { permission: 'users' });
