// GET /api/runs/[runId]/export?format=evotrace - download the run as an EvoTrace refined layout
// (.tar.gz), readable by EvoReplay and by Evoscope's own importer
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { z } from 'zod';
import { ApiError, handle, queryOf } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { ExportError, exportRunToDirectory } from '@/lib/db/exportRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ format: z.literal('evotrace', { error: 'format must be evotrace' }).default('evotrace') });

export const GET = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  querySchema.parse(queryOf(req));
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'evoscope-export-'));
  const cleanup = () => fsp.rm(tmp, { recursive: true, force: true });
  let result;
  try {
    result = await exportRunToDirectory(runId, path.join(tmp, 'evotrace'));
  } catch (e) {
    await cleanup();
    if (e instanceof ExportError) throw new ApiError(e.code === 'unknown-run' ? 404 : 400, e.message);
    throw e;
  }
  // Streamed: the archive is built while it is sent, never held in memory.
  const stream = tar.c({ gzip: true, cwd: tmp, portable: true }, ['evotrace']) as unknown as NodeJS.ReadableStream;
  const node = Readable.from(stream as AsyncIterable<Buffer>);
  node.on('close', () => void cleanup());
  node.on('error', () => void cleanup());
  const slug = result.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'run';
  return new Response(Readable.toWeb(node) as ReadableStream, {
    headers: {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${slug}.evotrace.tar.gz"`,
    },
  });
});

