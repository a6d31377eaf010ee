// What every importer format provides (detect.ts lists them) and the options a read takes.
import type { ImportedRun } from '../trace/schema';

export interface ReadOptions {
  /** Run name overriding the importer's default (usually the folder name). */
  name?: string;
  /** Called after each file read, for progress bars of long imports. */
  onFileRead?: (filesRead: number) => void;
  /**
   * The caller only analyses the run (`evoscope analyze`): it needs each program's code,
   * lineage, iteration, timestamp, language and metrics, never prompts, artifacts or a second
   * copy of the source. Importers may then drop those fields as they read, which keeps a
   * 100k-program run with large prompts or `solution` copies from sitting in memory whole.
   */
  forAnalysis?: boolean;
  /**
   * The caller stores the run batch by batch (lib/db/importRun.ts): an importer that can may
   * return light programs (no code, prompts, artifacts or heavy extras) plus
   * ImportedRun.loadPrograms to read the full records a batch at a time, so a 100k-program run
   * never sits in memory whole. Importers that cannot ignore it.
   */
  streamPrograms?: boolean;
}

export interface ImporterFormat {
  format: string;
  /** One line for `evoscope help` and error messages. */
  description: string;
  /** Cheap check of the layout at `path` (a few stat calls, no parsing). */
  detect(path: string): Promise<boolean>;
  read(path: string, opts: ReadOptions): Promise<ImportedRun[]>;
}
