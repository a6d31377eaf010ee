// Program files of a large run read and parsed on worker threads. Reading, UTF-8 decoding and
// JSON parsing are ~90 µs per 9 KB program file on one thread (a 100k-program run: ~9 s, and a
// streamed import reads each file twice), and files are independent: one worker per core reads
// chunks of them. The fields an import does not keep (a streamed first pass: code, solution,
// prompts, artifacts) are dropped in the worker, so they are never copied to the main thread.
// Results come back in the order asked; errors are lib/files' InputErrors, rebuilt here, so
// messages name the file exactly as a read on the main thread does (the same code runs there
// for small runs: starting a worker costs ~0.2 s). Idle workers stop after a second.
//
// The worker is this very module (see the end of the file), loaded by its own URL: under tsx
// that is this .ts file, in the CLI bundle (scripts/cliBundle.mjs) the chunk that holds it, so no
// separate worker file has to be found next to a bundle.
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { InputError, type InputErrorCode } from '../files/errors';
import { startTsWorker } from '../analysis/tsWorker';
import { readJsonObject } from '../files/readJson';
import { isInputError } from '../files/errors';
import { parsePythonJson } from './pythonJson';

type Json = Record<string, unknown>;

export interface ReadRequest {
  id: number;
  files: { abs: string; rel: string }[];
  drop: string[];
}
export type ReadResult =
  | { obj: Json; hasCode: boolean; hasPrompts: boolean; codeCopies?: string[] }
  | { inputError: { code: InputErrorCode; detail: string; file?: string; line?: number } }
  | { error: { message: string; code?: string } };
export interface ReadResponse {
  id: number;
  results: ReadResult[];
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One program file: its object without `drop`'s fields, and what those fields held. */
export async function readProgramFile(abs: string, rel: string, drop: ReadonlySet<string>): Promise<ReadResult> {
  try {
    const obj = await readJsonObject(abs, rel, { parse: parsePythonJson });
    const hasCode = typeof obj.code === 'string';
    const hasPrompts = isObj(obj.prompts) && Object.values(obj.prompts).some(isObj);
    for (const k of drop) delete obj[k];
    return { obj, hasCode, hasPrompts, ...takeCodeCopies(obj) };
  } catch (e) {
    if (isInputError(e)) return { inputError: { code: e.code, detail: e.detail, file: e.file, line: e.line } };
    return { error: { message: (e as Error).message ?? String(e), code: (e as NodeJS.ErrnoException).code } };
  }
}

/** Top-level fields repeating `code` whole (EvoTrace-converted runs: `solution`), taken out of
 *  the object: a copy of the source then never crosses from a worker to the main thread, where
 *  unwrap puts the same string back. Short sources are left alone (not worth it). */
function takeCodeCopies(obj: Json): { codeCopies?: string[] } {
  const code = obj.code;
  if (typeof code !== 'string' || code.length < 64) return {};
  let keys: string[] | undefined;
  for (const k in obj) if (k !== 'code' && obj[k] === code) (keys ??= []).push(k);
  if (keys) for (const k of keys) delete obj[k];
  return keys ? { codeCopies: keys } : {};
}

/** The object of a result, or its error thrown as the main thread's read would have thrown it. */
export function unwrap(r: ReadResult): { obj: Json; hasCode: boolean; hasPrompts: boolean } {
  if ('obj' in r) {
    if (r.codeCopies) for (const k of r.codeCopies) r.obj[k] = r.obj.code; // the same string, not a copy
    return r;
  }
  if ('inputError' in r) throw new InputError(r.inputError.code, r.inputError.detail, { file: r.inputError.file, line: r.inputError.line });
  throw Object.assign(new Error(r.error.message), r.error.code ? { code: r.error.code } : {});
}

/** This module, on a thread of its own (lib/analysis/tsWorker.ts). */
function startWorker(): Worker {
  return startTsWorker(import.meta.url, { [WORKER_ROLE]: true });
}

const WORKER_ROLE = 'evoscopeJsonRead';
const IDLE_MS = 1000;
const CHUNK = 64;

export class JsonReadPool {
  private workers: Worker[] = [];
  private waiting = new Map<number, { resolve: (r: ReadResult[]) => void; reject: (e: unknown) => void }>();
  private nextId = 0;
  private turn = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly threads = Math.max(1, Math.min(4, os.availableParallelism()))) {}

  private start() {
    for (let t = 0; t < this.threads; t++) {
      const w = startWorker();
      w.on('message', (msg: ReadResponse) => {
        const p = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        p?.resolve(msg.results);
        this.armIdle();
      });
      const fail = (e: unknown) => {
        for (const p of this.waiting.values()) p.reject(e);
        this.waiting.clear();
        this.stop();
      };
      w.on('error', fail);
      w.on('exit', (code) => code !== 0 && fail(new Error(`JSON read worker exited with code ${code}`)));
      this.workers.push(w);
    }
  }

  private armIdle() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.waiting.size) return;
    // Idle workers never keep a finished CLI alive; busy ones do (a read is being awaited).
    for (const w of this.workers) w.unref();
    this.idle = setTimeout(() => this.stop(), IDLE_MS);
    this.idle.unref();
  }

  stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const ws = this.workers;
    this.workers = [];
    for (const w of ws) {
      w.removeAllListeners('exit');
      void w.terminate();
    }
  }

  /** Every file's result, in order; chunks go to the workers in turn. */
  async read(files: { abs: string; rel: string }[], drop: readonly string[]): Promise<ReadResult[]> {
    if (!files.length) return [];
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (!this.workers.length) this.start();
    for (const w of this.workers) w.ref();
    const chunks: Promise<ReadResult[]>[] = [];
    for (let i = 0; i < files.length; i += CHUNK) {
      const id = this.nextId++;
      const w = this.workers[this.turn++ % this.workers.length];
      chunks.push(new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject })));
      w.postMessage({ id, files: files.slice(i, i + CHUNK), drop: [...drop] } satisfies ReadRequest);
    }
    return (await Promise.all(chunks)).flat();
  }
}

// In a worker of the pool: read what is asked, in order, and post the results back.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_ROLE]) {
  const port = parentPort;
  port.on('message', async (req: ReadRequest) => {
    const drop = new Set(req.drop);
    const results: ReadResult[] = [];
    for (const f of req.files) results.push(await readProgramFile(f.abs, f.rel, drop));
    port.postMessage({ id: req.id, results } satisfies ReadResponse);
  });
}
