// Reading the files of an EvoTrace refined run (the layout and every field mapped are in
// evotrace.ts's header): blobs by sha256 (identical sources share one string), JSON-lines files
// streamed, and the replay environment (replay_environment.json, else evaluate.py).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatBytes, InputError } from '../files/errors';
import { maxJsonBytes, readJsonObject } from '../files/readJson';
import { readJsonLines } from '../files/readJsonLines';
import { decodeUtf8Strict } from '../files/utf8';
import { ImportError, type ImportWarning, type ReplayEnvironmentRecord } from '../trace/schema';
import { blobPath, FILES, finite, isObject, isSha256, str } from './evotraceLayout';
import { isFile } from './inputFiles';
import { parsePythonJson } from './pythonJson';

/** lib/files reports bad input as InputError; importers speak ImportError. */
export function asImportError(e: unknown): unknown {
  return e instanceof InputError ? new ImportError(e.detail, e.file, e.line) : e;
}

export class Reader {
  filesRead = 0;
  blobMismatches = 0;
  private readonly texts = new Map<string, string>();
  constructor(
    readonly root: string,
    private readonly onFileRead?: (filesRead: number) => void,
  ) {}

  counted() {
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
  }

  /** A blob's text; identical sources share one string. `from` names the row that wants it. */
  async blob(sha: unknown, ext: 'txt' | 'json', field: string, from: { line: number; id: string }): Promise<string> {
    if (!isSha256(sha)) throw new ImportError(`program ${from.id}: ${field} is not a sha256 hex digest`, FILES.programs, from.line);
    const rel = blobPath(sha, ext);
    const cached = this.texts.get(rel);
    if (cached !== undefined) return cached;
    let fh: fs.promises.FileHandle;
    try {
      fh = await fs.promises.open(path.join(this.root, ...rel.split('/')), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      throw new ImportError(`program ${from.id}: ${field} names ${rel}, which is missing`, FILES.programs, from.line);
    }
    let bytes: Buffer;
    try {
      const { size } = await fh.stat();
      if (size > maxJsonBytes()) throw new ImportError(`blob is ${formatBytes(size)}, above the ${formatBytes(maxJsonBytes())} limit`, rel);
      bytes = await fh.readFile();
    } finally {
      await fh.close();
    }
    this.counted();
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== sha) this.blobMismatches++;
    let text: string;
    try {
      text = decodeUtf8Strict(bytes, rel);
    } catch (e) {
      throw asImportError(e);
    }
    if (ext === 'txt') this.texts.set(rel, text);
    return text;
  }

  async *lines(file: string): AsyncGenerator<{ line: number; value: unknown }> {
    const abs = path.join(this.root, file);
    if (!isFile(abs)) return;
    try {
      yield* readJsonLines(abs, file, { parse: parsePythonJson });
    } catch (e) {
      throw asImportError(e);
    }
    this.counted();
  }
}

export async function readReplay(reader: Reader, warnings: ImportWarning[]): Promise<ReplayEnvironmentRecord | null> {
  const envFile = path.join(reader.root, FILES.replay);
  if (isFile(envFile)) {
    const env = await readJsonObject(envFile, FILES.replay, { parse: parsePythonJson }).catch((e) => Promise.reject(asImportError(e)));
    reader.counted();
    const files: Record<string, string> = {};
    for (const [name, sha] of Object.entries(isObject(env.files) ? env.files : {})) {
      if (!isSha256(sha)) throw new ImportError(`files.${name} is not a sha256 hex digest`, FILES.replay);
      try {
        files[name] = await reader.blob(sha, 'txt', `files.${name}`, { line: 0, id: 'replay' });
      } catch (e) {
        if (!(e instanceof ImportError)) throw e;
        throw new ImportError(`replay file ${name} names ${blobPath(sha, 'txt')}, which is missing`, FILES.replay);
      }
    }
    return {
      evaluatorCommand: str(env.evaluator_command), files, dependencies: env.dependencies ?? undefined,
      timeoutSeconds: finite(env.timeout_seconds), notes: str(env.notes),
    };
  }
  const evaluator = path.join(reader.root, FILES.evaluator);
  if (!isFile(evaluator)) return null;
  try {
    const text = decodeUtf8Strict(await fs.promises.readFile(evaluator), FILES.evaluator);
    reader.counted();
    return { files: { [FILES.evaluator]: text } };
  } catch (e) {
    warnings.push({ code: 'evaluator-unreadable', message: `evaluate.py not read: ${(e as Error).message}`, file: FILES.evaluator });
    return null;
  }
}
