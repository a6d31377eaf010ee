// Browser side of an upload: create the import, stream each file with XHR (for upload
// progress events), start the import, then poll its status.
export interface UploadFile {
  file: File;
  /** Path inside the uploaded folder; null for an archive. */
  path: string | null;
}

async function json(res: Response) {
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  if (!res.ok) throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
  return body as Record<string, unknown>;
}

export async function createImport(input: { kind: 'archive' | 'folder'; sourceName: string; format: string; runName?: string }) {
  const body = await json(
    await fetch('/api/imports', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }),
  );
  return String(body.id);
}

function putFile(importId: string, f: UploadFile, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const q = f.path === null ? '' : `?path=${encodeURIComponent(f.path)}`;
    xhr.open('PUT', `/api/imports/${importId}/files${q}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `${xhr.status} ${xhr.statusText}`;
      try {
        message = JSON.parse(xhr.responseText).error ?? message;
      } catch {
        /* not JSON */
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error(`upload of ${f.path ?? f.file.name} failed (network error)`));
    xhr.send(f.file);
  });
}

/** Uploads the files one after another; `onProgress` gets bytes sent over all files. */
export async function uploadFiles(importId: string, files: UploadFile[], onProgress: (sent: number) => void) {
  let done = 0;
  for (const f of files) {
    await putFile(importId, f, (loaded) => onProgress(done + loaded));
    done += f.file.size;
    onProgress(done);
  }
}

export async function startImport(importId: string) {
  await json(await fetch(`/api/imports/${importId}/start`, { method: 'POST' }));
}
