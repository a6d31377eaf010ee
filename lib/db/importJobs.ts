// Import jobs (table import_jobs): created by the upload routes, advanced by the worker's
// import-upload task, polled by the upload page.
import { z } from 'zod';
import { prisma } from './client';

export const importJobStatus = z.enum(['uploading', 'queued', 'running', 'succeeded', 'failed']);

export interface ImportJobView {
  id: string;
  kind: string;
  status: z.infer<typeof importJobStatus>;
  sourceName: string;
  format: string;
  runName: string | null;
  phase: string | null;
  bytesReceived: number;
  filesReceived: number;
  filesRead: number;
  programsStored: number;
  programsTotal: number | null;
  error: string | null;
  runs: { id: string; name: string; programs: number }[];
  createdAt: string;
  finishedAt: string | null;
}

export async function createImportJob(input: { kind: 'archive' | 'folder'; sourceName: string; format: string; runName?: string | null }) {
  return prisma().importJob.create({
    data: { kind: input.kind, sourceName: input.sourceName, format: input.format, runName: input.runName ?? null },
  });
}

export async function getImportJob(id: string) {
  return prisma().importJob.findUnique({ where: { id } });
}

export async function updateImportJob(id: string, data: Parameters<ReturnType<typeof prisma>['importJob']['update']>[0]['data']) {
  await prisma().importJob.update({ where: { id }, data });
}

export async function addReceived(id: string, bytes: number, files: number) {
  await prisma().importJob.update({
    where: { id },
    data: { bytesReceived: { increment: BigInt(bytes) }, filesReceived: { increment: files } },
  });
}

export async function importJobView(id: string): Promise<ImportJobView | null> {
  const j = await getImportJob(id);
  if (!j) return null;
  const runs = j.runIds.length
    ? await prisma().run.findMany({ where: { id: { in: j.runIds } }, select: { id: true, name: true, programCount: true } })
    : [];
  return {
    id: j.id,
    kind: j.kind,
    status: importJobStatus.parse(j.status),
    sourceName: j.sourceName,
    format: j.format,
    runName: j.runName,
    phase: j.phase,
    bytesReceived: Number(j.bytesReceived),
    filesReceived: j.filesReceived,
    filesRead: j.filesRead,
    programsStored: j.programsStored,
    programsTotal: j.programsTotal,
    error: j.error,
    runs: runs.map((r) => ({ id: r.id, name: r.name, programs: r.programCount })),
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}
