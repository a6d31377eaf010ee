// GET /api/audit/log?action=&before=&limit= - one page of the audit log, newest first, with the
// actions recorded so far (for the /settings/audit filter), for owners (permission
// 'users'): imports, deletions, relabelling, review statuses, role changes, tokens...
import { handle, queryOf } from '@/lib/http/handler';
import { limitSchema } from '@/lib/contracts/api/params';
import { auditPage } from '@/lib/db/auditLog';
import { z } from 'zod';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({
  action: z.string().trim().max(100).regex(/^[a-z0-9_.-]*$/i, 'action: letters, digits, dots, dashes').optional(),
  before: z.string().regex(/^\d{1,19}$/, 'before must be an entry id').optional(),
  limit: limitSchema(50),
});

export const GET = handle(async (req) => {
  const q = querySchema.parse(queryOf(req));
  return auditPage({ action: q.action || undefined, before: q.before, limit: q.limit });
}, { permission: 'users' });
