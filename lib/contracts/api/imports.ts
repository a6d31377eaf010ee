// Schemas of the upload/import routes.
import { z } from 'zod';
import { uuidSchema } from './params';

export const importFormatSchema = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, 'format must be auto or a format name such as openevolve')
  .default('auto');

export const createImportSchema = z.object({
  kind: z.enum(['archive', 'folder']),
  sourceName: z.string().trim().min(1, 'sourceName must not be empty').max(500),
  format: importFormatSchema,
  runName: z.string().trim().max(200).optional().nullable(),
});

export const importParamsSchema = z.object({ importId: uuidSchema('import id') });

/** ?path=relative/path/in/folder for folder uploads; absent for an archive. */
export const uploadFileQuerySchema = z.object({
  path: z.string().min(1).max(4000).optional(),
});

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
