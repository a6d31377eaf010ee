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

/**
 * 'duplicate': the import's runs are stored already (their programs are those of stored runs,
 * lib/db/duplicateRuns.ts). It waits, its upload kept, for the user to open the stored run or
 * to import it again (POST .../again).
 */
export const importJobStatus = z.enum(['uploading', 'queued', 'running', 'succeeded', 'failed', 'duplicate']);
export type ImportJobStatus = z.infer<typeof importJobStatus>;

/** A stored run that an import repeats: what the user needs to recognise it. */
export const duplicateRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  importedAt: z.string(),
  programs: z.number(),
  /** Where it came from: "archive qos.zip", "folder QOS", "command line QOS" (lib/contracts/runOrigin.ts). */
  origin: z.string(),
});
export type DuplicateRun = z.infer<typeof duplicateRunSchema>;

export interface ImportJobView {
  id: string;
  kind: string;
  status: ImportJobStatus;
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
  /** Status 'duplicate': the stored runs it repeats (those deleted since are left out). */
  duplicateOf: DuplicateRun[];
  createdAt: string;
  finishedAt: string | null;
}
