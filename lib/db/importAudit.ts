// Audit entries of browser imports: the request that starts an import knows who asked
// ('import.start', or 'import.again' for one stored although it repeats a stored run); the
// worker that finishes it does not, so its 'import.done' / 'import.failed' / 'import.duplicate'
// entry is attributed to whoever last started that import (read back from that entry).
import type { Prisma } from './generated/client';
import { prisma } from './client';

export async function auditImportOutcome(
  importId: string,
  action: 'import.done' | 'import.failed' | 'import.duplicate',
  details: Record<string, unknown>,
) {
  const start = await prisma().auditEntry.findFirst({
    where: { action: { in: ['import.start', 'import.again'] }, targetKind: 'import', targetId: importId },
    orderBy: { id: 'desc' },
    select: { actorId: true, actorKind: true },
  });
  await prisma().auditEntry.create({
    data: {
      actorId: start?.actorId ?? null,
      // An import queued before the audit log existed: the worker is all we know.
      actorKind: start?.actorKind ?? 'worker',
      action,
      targetKind: 'import',
      targetId: importId,
      details: details as Prisma.InputJsonValue,
    },
  });
}
