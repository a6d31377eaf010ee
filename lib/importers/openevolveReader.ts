// Reading an OpenEvolve run's program files (openevolve.ts's header has the layout): the Reader
// streams programs/ directories and merges each copy by id as it is read (openevolveCopies.ts),
// on worker threads for a large run; loadFullPrograms reads a streamed import's full records
// again. Also used by skydiscover.ts, whose layout is the same.
import fs from 'node:fs';
import path from 'node:path';
import { readJsonObject } from '../files/readJson';
import { ImportError, type ProgramRecord } from '../trace/schema';
import { asImportError } from './inputFiles';
import { JsonReadPool, readProgramFile, unwrap } from './jsonReadPool';
import { copyId, DROPPED, mergeCopy } from './openevolveCopies';
import { toProgramRecord, type Json, type ProgramContext } from './openevolveProgram';
import { parsePythonJson } from './pythonJson';

const READ_AHEAD = 32;
/** Files per batch once the thread pool reads them (several chunks per worker in flight). */
const POOL_READ_AHEAD = 512;
/** Program files read on the main thread before the pool starts (a worker costs ~0.2 s to start). */
const THREADS_AFTER = 2000;
/** Batches read ahead of the one being merged. */
const BATCHES_IN_FLIGHT = 3;

/** Reads and merges program copies by id (also used by skydiscover.ts, whose layout is the same). */
export class Reader {
  readonly programs = new Map<string, Json>();
  readonly firstFile = new Map<string, string>();
  filesRead = 0;
  programCopies = 0;
  skippedFiles = 0;
  /** Later copies of a program whose iteration_found is lower than an earlier copy's. */
  copiesGoingBack = 0;
  /** Streaming only (light records): the files of each program's copies, in merge order. */
  readonly copies = new Map<string, string[]>();
  readonly hasCode = new Set<string>();
  readonly withPrompts = new Set<string>();
  constructor(
    readonly base: string,
    private readonly onFileRead?: (filesRead: number) => void,
    /** Fields never kept from any copy. */
    private readonly dropped: ReadonlySet<string> = DROPPED,
    /** Light records (ReadOptions.streamPrograms): the full ones are read again by loadPrograms. */
    private readonly stream = false,
  ) {}

  rel(p: string) {
    // Files found while walking lie under base: slicing is exact, and path.relative on each of
    // 100k files cost ~0.7 s.
    if (p.startsWith(this.base) && p[this.base.length] === path.sep) return p.slice(this.base.length + 1).split(path.sep).join('/');
    return path.relative(this.base, p).split(path.sep).join('/') || path.basename(p);
  }

  /** One JSON object, read through lib/files: size cap, strict UTF-8, errors naming the file. */
  async readObject(file: string): Promise<Json> {
    let value: Json;
    try {
      value = (await readJsonObject(file, this.rel(file), { parse: parsePythonJson })) as Json;
    } catch (e) {
      throw asImportError(e);
    }
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
    return value;
  }

  /** Thread pool for the program files of a large run (jsonReadPool.ts); null until then. */
  pool: JsonReadPool | null = null;

  /**
   * Program files read (the main thread for the first THREADS_AFTER files of a run, the pool
   * after), without the dropped fields; errors as ImportErrors naming the file.
   */
  async readProgramFiles(files: string[], drop: ReadonlySet<string>): Promise<{ obj: Json; hasCode: boolean; hasPrompts: boolean }[]> {
    const named = files.map((abs) => ({ abs, rel: this.rel(abs) }));
    if (!this.pool && this.programCopies + files.length > THREADS_AFTER) this.pool = new JsonReadPool();
    const results = this.pool
      ? await this.pool.read(named, [...drop])
      : await Promise.all(named.map((f) => readProgramFile(f.abs, f.rel, drop)));
    try {
      return results.map(unwrap);
    } catch (e) {
      throw asImportError(e);
    }
  }

  /**
   * Streams a programs/ directory, merging each file as it is read. Files are read a batch at a
   * time (on worker threads for a large run), the next batch while this one is merged, and merged
   * in directory order, so the result does not depend on timing.
   */
  async readPrograms(dir: string): Promise<number> {
    let copies = 0;
    const handle = await fs.promises.opendir(dir);
    let batch: string[] = [];
    // Batches being read (by the pool: several at once keep both workers busy), merged in order.
    const inFlight: { files: string[]; reading: ReturnType<Reader['readProgramFiles']> }[] = [];
    const mergeOldest = async () => {
      const { files, reading } = inFlight.shift()!;
      for (const [k, r] of (await reading).entries()) {
        this.mergeProgram(files[k], r.obj, r);
        copies++;
        this.filesRead++;
      }
      this.onFileRead?.(this.filesRead);
    };
    const flush = async () => {
      if (!batch.length) return;
      const files = batch;
      batch = [];
      const reading = this.readProgramFiles(files, this.dropped);
      reading.catch(() => {}); // awaited by mergeOldest, in order
      inFlight.push({ files, reading });
      if (inFlight.length > BATCHES_IN_FLIGHT) await mergeOldest();
    };
    for await (const entry of handle) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) {
        this.skippedFiles++;
        continue;
      }
      batch.push(path.join(dir, entry.name));
      if (batch.length >= (this.pool ? POOL_READ_AHEAD : READ_AHEAD)) await flush();
    }
    await flush();
    while (inFlight.length) await mergeOldest();
    return copies;
  }

  private mergeProgram(file: string, obj: Json, held: { hasCode: boolean; hasPrompts: boolean }) {
    const id = copyId(file, obj, this.rel(file));
    this.programCopies++;
    if (this.stream) {
      // What the light record cannot tell, its fields dropped as the file was read.
      if (held.hasCode) this.hasCode.add(id);
      if (held.hasPrompts) this.withPrompts.add(id);
      const files = this.copies.get(id);
      if (files) files.push(file);
      else this.copies.set(id, [file]);
    }
    if (!this.programs.has(id)) this.firstFile.set(id, this.rel(file));
    if (mergeCopy(this.programs, id, obj, this.dropped)) this.copiesGoingBack++;
  }
}

/**
 * The full records of `ids`, their copies read again and merged exactly as the first pass did
 * (minus the streamed-only drops). Files are read concurrently, merged in copy order.
 */
export async function loadFullPrograms(reader: Reader, ids: readonly string[], contextOf: (id: string) => ProgramContext): Promise<ProgramRecord[]> {
  const files = ids.map((id) => reader.copies.get(id) ?? []);
  const flat = await reader.readProgramFiles(files.flat(), DROPPED);
  const merged = new Map<string, Json>();
  let at = 0;
  return ids.map((id, k) => {
    for (const file of files[k]) {
      const obj = flat[at++].obj;
      const got = copyId(file, obj, reader.rel(file));
      // The file changed since the first pass: say so rather than store another program's data.
      if (got !== id) throw new ImportError(`program file changed during the import (it now holds program ${got}, not ${id})`, reader.rel(file));
      // One copy (most programs): it is the merged record as it is (dropped fields never read).
      if (files[k].length === 1) merged.set(id, obj);
      else mergeCopy(merged, id, obj, DROPPED);
    }
    const raw = merged.get(id);
    if (!raw) throw new ImportError(`program ${id} has no file left to read`, reader.firstFile.get(id));
    merged.delete(id);
    return toProgramRecord(raw, contextOf(id));
  });
}
