// Read-only share links for one run (table share_links): an unguessable secret (shown once,
// stored as sha256), an expiry, revocable. /share/<secret> sets the share cookie and opens the
// run; lib/http/auth/actor.ts makes the holder a 'share' actor that may read that run only.
import { z } from 'zod';
import { ApiError } from '../contracts/apiError';
import { actorUser, type Actor } from '../contracts/permissions';
import { newShareSecret, sha256Hex } from '../contracts/tokens';
import { audit } from './audit';
import { prisma } from './client';
import type { ShareLinkView } from '../contracts/api/accounts';

export const newShareLinkSchema = z.object({
  /** Days until the link stops working (1 hour .. 1 year). */
  expiresInDays: z.number().min(1 / 24).max(365).default(7),
});

type Row = { id: string; runId: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null; createdBy: { email: string } };
const view = (r: Row): ShareLinkView => ({
  id: r.id,
  runId: r.runId,
  createdBy: r.createdBy.email,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  active: !r.revokedAt && r.expiresAt.getTime() > Date.now(),
});

const include = { createdBy: { select: { email: true } } } as const;

/** A new link to `runId`; `secret` is shown once (the URL is /share/<secret>). */
export async function createShareLink(actor: Actor, runId: string, input: unknown): Promise<{ secret: string; link: ShareLinkView }> {
  const user = actorUser(actor);
  if (!user) throw new ApiError(403, 'share links are made by a signed-in user (in single-user mode there is nobody to share with: turn on accounts first)');
  const { expiresInDays } = newShareLinkSchema.parse(input ?? {});
  if (!(await prisma().run.findUnique({ where: { id: runId }, select: { id: true } }))) throw new ApiError(404, 'run not found');
  const secret = newShareSecret();
  const row = await prisma().shareLink.create({
    data: { runId, tokenHash: sha256Hex(secret), createdById: user.id, expiresAt: new Date(Date.now() + expiresInDays * 86_400_000) },
    include,
  });
  await audit(actor, 'share.create', { kind: 'share-link', id: row.id }, { runId, expiresAt: row.expiresAt.toISOString() });
  return { secret, link: view(row) };
}

export async function listShareLinks(runId: string): Promise<ShareLinkView[]> {
  const rows = await prisma().shareLink.findMany({ where: { runId }, orderBy: { createdAt: 'desc' }, include });
  return rows.map(view);
}

export async function revokeShareLink(actor: Actor, runId: string, id: string): Promise<ShareLinkView> {
  const row = await prisma().shareLink.findUnique({ where: { id }, include });
  if (!row || row.runId !== runId) throw new ApiError(404, 'share link not found');
  if (row.revokedAt) return view(row);
  const updated = await prisma().shareLink.update({ where: { id }, data: { revokedAt: new Date() }, include });
  await audit(actor, 'share.revoke', { kind: 'share-link', id }, { runId });
  return view(updated);
}

/** The run a share secret opens, or null (unknown, revoked, expired). */
export async function shareLinkRun(secret: string): Promise<string | null> {
  const link = await prisma().shareLink.findUnique({ where: { tokenHash: sha256Hex(secret) } });
  return link && !link.revokedAt && link.expiresAt.getTime() > Date.now() ? link.runId : null;
}
