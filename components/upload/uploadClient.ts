// Browser side of an upload: create the import, send the files (an archive alone; a folder in
// batches of many files, several in flight: uploadPlan.ts), start the import (ImportStatus then
// polls its status). The JSON calls go through apiFetch; the file sends are XHR, not fetch, for
// upload progress events.
import { BATCH_CONTENT_TYPE, encodeBatch, type BatchHeader } from '../../lib/contracts/batchFrame';
import { apiFetch, refusal } from '../ui/apiFetch';
import { planSends, UPLOADS_IN_FLIGHT, type Send, type UploadProgress } from './uploadPlan';

export interface UploadFile {
  file: File;
  /** Path inside the uploaded folder; null for an archive. */
  path: string | null;
}

export async function createImport(input: { kind: 'archive' | 'folder'; sourceName: string; format: string; runName?: string }) {
  const body = await apiFetch<{ id: string }>('/api/imports', { method: 'POST', body: input });
  return String(body.id);
}

class SendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

function put(url: string, type: string, body: Blob, what: string, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', type);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      reject(new SendError(refusal(xhr.status, xhr.statusText, body).message, xhr.status === 503)); // 503: the database is reconnecting
    };
    xhr.onerror = () => reject(new SendError(`upload of ${what} failed (network error)`, true));
    xhr.send(body);
  });
}

/** A send that failed on the way (network, 503) is sent again: the server keeps a file once. */
async function withRetries(send: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (!(e instanceof SendError && e.retry) || attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

async function sha256(bytes: Uint8Array): Promise<string | undefined> {
  // crypto.subtle exists in secure contexts only (localhost, https); elsewhere the server's own
  // hash still decides what a repeated file is, and the size framing still holds.
  if (!globalThis.crypto?.subtle) return undefined;
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function batchBody(files: UploadFile[]): Promise<Blob> {
  const entries = await Promise.all(
    files.map(async (f) => {
      const data = new Uint8Array(await f.file.arrayBuffer());
      const header: BatchHeader = { path: f.path ?? f.file.name, size: data.byteLength };
      const hash = await sha256(data);
      if (hash) header.sha256 = hash;
      return { header, data };
    }),
  );
  return new Blob(encodeBatch(entries) as BlobPart[]);
}

async function sendOne(importId: string, send: Send<UploadFile>, onBytes: (loaded: number) => void) {
  if (send.kind === 'alone') {
    const f = send.file;
    const q = f.path === null ? '' : `?path=${encodeURIComponent(f.path)}`;
    return withRetries(() => put(`/api/imports/${importId}/files${q}`, 'application/octet-stream', f.file, f.path ?? f.file.name, onBytes));
  }
  const body = await batchBody(send.files);
  // The body carries framing besides the files: progress counts the files' share of it.
  const what = `${send.files.length} files (${send.files[0].path} …)`;
  return withRetries(() => put(`/api/imports/${importId}/batch`, BATCH_CONTENT_TYPE, body, what, (loaded) => onBytes((loaded / body.size) * send.bytes)));
}

/**
 * Sends the files, UPLOADS_IN_FLIGHT requests at a time; `onProgress` gets the bytes sent and the
 * files stored so far (bytes only ever grow, whatever order the sends finish in).
 */
export async function uploadFiles(importId: string, files: UploadFile[], onProgress: (p: UploadProgress) => void) {
  const sends = files.length === 1 && files[0].path === null ? [{ kind: 'alone' as const, file: files[0], bytes: files[0].file.size }] : planSends(files, (f) => f.file.size);
  const loaded = new Array<number>(sends.length).fill(0);
  let bytes = 0;
  let stored = 0;
  let next = 0;
  let failed = false;
  const report = (i: number, n: number) => {
    const v = Math.min(Math.max(n, loaded[i]), sends[i].bytes);
    bytes += v - loaded[i];
    loaded[i] = v;
    onProgress({ bytes: Math.round(bytes), files: stored });
  };
  async function lane() {
    while (!failed && next < sends.length) {
      const i = next++;
      try {
        await sendOne(importId, sends[i], (n) => report(i, n));
      } catch (e) {
        failed = true; // the other lanes finish what they sent and stop
        throw e;
      }
      stored += sends[i].kind === 'batch' ? (sends[i] as { files: unknown[] }).files.length : 1;
      report(i, sends[i].bytes);
    }
  }
  await Promise.all(Array.from({ length: Math.min(UPLOADS_IN_FLIGHT, sends.length) }, lane));
}

export async function startImport(importId: string) {
  await apiFetch(`/api/imports/${importId}/start`, { method: 'POST' });
}

/** An import that repeats stored runs (status 'duplicate'): store it anyway, as new runs. */
export async function importAgain(importId: string) {
  await apiFetch(`/api/imports/${importId}/again`, { method: 'POST' });
}
