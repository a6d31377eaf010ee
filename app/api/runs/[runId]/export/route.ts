// GET /api/runs/[runId]/export?format=evotrace - download the run as an EvoTrace refined layout
// (.tar.gz), readable by EvoReplay and by Evoscope's own importer. HEAD answers the same headers
// without exporting anything (Next would otherwise run GET for it, whose folder nobody removed).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { z } from 'zod';
import { ApiError, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { ExportError, exportedRunName, exportRunToDirectory } from '@/lib/db/exportRun';
import { makeWorkDir } from '@/lib/storage/workDir';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ format: z.literal('evotrace', { error: 'format must be evotrace' }).default('evotrace') });

const headersFor = (name: string) => {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'run';
  return { 'content-type': 'application/gzip', 'content-disposition': `attachment; filename="${slug}.evotrace.tar.gz"` };
};

const asApiError = (e: unknown) =>
  e instanceof ExportError ? new ApiError(e.code === 'unknown-run' ? 404 : 400, e.message) : e;

export const HEAD = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  querySchema.parse(queryOf(req));
  const name = await exportedRunName(runId).catch((e) => {
    throw asApiError(e);
  });
  return new Response(null, { headers: headersFor(name) });
}, { permission: 'read' });

export const GET = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  querySchema.parse(queryOf(req));
  const tmp = await makeWorkDir('export');
  const cleanup = () => fsp.rm(tmp, { recursive: true, force: true });
  let result;
  try {
    result = await exportRunToDirectory(runId, path.join(tmp, 'evotrace'));
  } catch (e) {
    await cleanup();
    throw asApiError(e);
  }
  // Streamed: the archive is built while it is sent, never held in memory.
  const stream = tar.c({ gzip: true, cwd: tmp, portable: true }, ['evotrace']) as unknown as NodeJS.ReadableStream;
  const node = Readable.from(stream as AsyncIterable<Buffer>);
  node.on('close', () => void cleanup());
  node.on('error', () => void cleanup());
  return new Response(Readable.toWeb(node) as ReadableStream, { headers: headersFor(result.name) });
}, { permission: 'read' });

