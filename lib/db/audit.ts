// The audit log (table audit_log): who changed what. Role changes, disables, tokens, deletions,
// imports, relabelling, review statuses... every helper records through `audit()`. Readable by
// owners (permission 'users').
import type { Prisma } from './generated/client';
import { prisma } from './client';
import { actorUser, type Actor } from '../contracts/permissions';
import type { AuditRow } from '../contracts/api/accounts';

export interface AuditTarget {
  /** 'user' | 'api-token' | 'share-link' | 'run' | 'import' | 'review-session' | 'comment' | ... */
  kind: string;
  id?: string | null;
}

/** The CLI acting on the database directly (no request, no actor). */
export const CLI_ACTOR = { kind: 'cli' } as const;

/** Record one action. `action`: dotted verb, e.g. 'user.role', 'user.disable', 'token.create', 'run.delete'. */
export async function audit(actor: Actor | typeof CLI_ACTOR, action: string, target: AuditTarget, details: Record<string, unknown> = {}) {
  const user = actor.kind === 'cli' ? null : actorUser(actor);
  await prisma().auditEntry.create({
    data: {
      actorId: user?.id ?? null,
      actorKind: actor.kind,
      action,
      targetKind: target.kind,
      targetId: target.id ?? null,
      details: details as Prisma.InputJsonValue,
    },
  });
}

/** Newest first. */
export async function listAudit(opts: { limit?: number; before?: bigint; targetKind?: string; targetId?: string } = {}): Promise<AuditRow[]> {
  const rows = await prisma().auditEntry.findMany({
    where: {
      ...(opts.before ? { id: { lt: opts.before } } : {}),
      ...(opts.targetKind ? { targetKind: opts.targetKind } : {}),
      ...(opts.targetId ? { targetId: opts.targetId } : {}),
    },
    orderBy: { id: 'desc' },
    take: Math.min(opts.limit ?? 100, 500),
    include: { actor: { select: { email: true } } },
  });
  return rows.map((r) => ({
    id: r.id.toString(),
    at: r.at.toISOString(),
    actorKind: r.actorKind,
    actorEmail: r.actor?.email ?? null,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    details: r.details,
  }));
}
