// The owners' audit log view (issue 10 item 4): one page of entries, newest first, filterable
// by action (exact, e.g. 'run.delete', or a prefix ending in '.', e.g. 'review.'), paginated by
// id (`before` = the last id of the previous page). Entries are written by audit() (lib/db/audit.ts).
import { pool } from './client';
import type { AuditRow } from '../contracts/api/accounts';
import type { AuditPage } from '../contracts/api/accounts';

export async function auditPage(opts: { action?: string; before?: string; limit: number }): Promise<AuditPage> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.action) {
    args.push(opts.action.endsWith('.') ? `${opts.action.replace(/[\\%_]/g, '\\$&')}%` : opts.action);
    where.push(opts.action.endsWith('.') ? `a.action LIKE $${args.length}` : `a.action = $${args.length}`);
  }
  if (opts.before) {
    args.push(opts.before);
    where.push(`a.id < $${args.length}::bigint`);
  }
  args.push(opts.limit + 1);
  const db = pool();
  const [{ rows }, actions] = await Promise.all([
    db.query<{ id: string; at: Date; actor_kind: string; email: string | null; action: string; target_kind: string; target_id: string | null; details: unknown }>(
      `SELECT a.id::text, a.at, a.actor_kind, u.email, a.action, a.target_kind, a.target_id, a.details
         FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.id DESC LIMIT $${args.length}`,
      args,
    ),
    db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action'),
  ]);
  const more = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorKind: r.actor_kind,
      actorEmail: r.email,
      action: r.action,
      targetKind: r.target_kind,
      targetId: r.target_id,
      details: r.details,
    })),
    nextBefore: more ? page[page.length - 1].id : null,
    actions: actions.rows.map((r) => r.action),
  };
}
