'use client';
// Upload a run archive (.zip, .tar.gz, .tgz, .tar), a single run file (.jsonl; OpenEvolve's
// evolution_trace.jsonl, .jsonl.gz, .json or .hdf5) or a run folder (a ShinkaEvolve results folder
// with its programs.sqlite). Files stream to the server
// in batches, several at once, under a progress bar that shows files/s and MB/s; the worker then
// imports them while ImportStatus polls.
import { useRouter, useSearchParams } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { formatBytes } from '../ui/bytes';
import { ProgressBar } from '../ui/ProgressBar';
import { ImportStatus } from './ImportStatus';
import { createImport, startImport, uploadFiles, type UploadFile } from './uploadClient';
import { uploadProgressLabel, type UploadProgress } from './uploadPlan';

type Mode = 'archive' | 'folder';

/** The chosen folder's own name: the first segment the browser gives every file's path. */
function folderName(files: UploadFile[]): string {
  return (files[0]?.path ?? '').split('/')[0] || 'folder';
}

export function UploadForm({ formats }: { formats: { format: string; description: string }[] }) {
  const router = useRouter();
  const params = useSearchParams();
  const importId = params.get('import');
  const [mode, setMode] = useState<Mode>('archive');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [format, setFormat] = useState('auto');
  const [runName, setRunName] = useState('');
  const [sent, setSent] = useState<(UploadProgress & { elapsedMs: number }) | null>(null);
  const started = useRef(0);
  // True only while this page sends files; once the import is queued the form is free for the next.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = files.reduce((s, f) => s + f.file.size, 0);

  function pick(list: FileList | null) {
    const chosen = [...(list ?? [])].map((file) => ({
      file,
      path: mode === 'folder' ? file.webkitRelativePath || file.name : null,
    }));
    setFiles(mode === 'archive' ? chosen.slice(0, 1) : chosen);
    setError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!files.length) return setError('Choose an archive or a folder first.');
    setError(null);
    started.current = performance.now();
    setSent({ bytes: 0, files: 0, elapsedMs: 0 });
    setBusy(true);
    try {
      const sourceName = mode === 'archive' ? files[0].file.name : folderName(files);
      const id = await createImport({ kind: mode, sourceName, format, runName: runName || undefined });
      await uploadFiles(id, files, (p) => setSent({ ...p, elapsedMs: performance.now() - started.current }));
      await startImport(id);
      router.replace(`/upload?import=${id}`); // a permalink to this import's status
    } catch (err) {
      setError((err as Error).message);
      setSent(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} className="panel" aria-label="Upload a run">
        <div className="form-grid">
          <span>Upload</span>
          <div className="row" role="radiogroup" aria-label="What to upload">
            {(['archive', 'folder'] as const).map((m) => (
              <label key={m}>
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => (setMode(m), setFiles([]))} />{' '}
                {m === 'archive' ? 'an archive (.zip, .tar.gz, .tgz, .tar) or a run file (.jsonl, an evolution_trace .jsonl.gz / .json / .hdf5)' : 'a folder'}
              </label>
            ))}
          </div>
          <label htmlFor="upload-input">{mode === 'archive' ? 'Archive' : 'Folder'}</label>
          {mode === 'archive' ? (
            <input id="upload-input" data-testid="upload-input" type="file" accept=".zip,.tar.gz,.tgz,.tar,.jsonl,.jsonl.gz,.json,.hdf5,.h5,application/zip,application/gzip" onChange={(e) => pick(e.target.files)} />
          ) : (
            <input
              id="upload-input"
              data-testid="upload-input"
              type="file"
              multiple
              // @ts-expect-error: non-standard attributes for picking a directory
              webkitdirectory=""
              directory=""
              onChange={(e) => pick(e.target.files)}
            />
          )}
          <label htmlFor="upload-format">Format</label>
          <select id="upload-format" value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="auto">detect automatically</option>
            {formats.map((f) => (
              <option key={f.format} value={f.format} title={f.description}>
                {f.format}
              </option>
            ))}
          </select>
          <label htmlFor="upload-name">Run name</label>
          <input id="upload-name" type="text" placeholder="(optional; default: folder name)" value={runName} onChange={(e) => setRunName(e.target.value)} />
        </div>
        <p className="muted">
          {files.length ? `${files.length} file${files.length === 1 ? '' : 's'}, ${formatBytes(total)}` : 'Nothing chosen yet.'}
        </p>
        <button type="submit" disabled={!files.length || busy}>
          Import
        </button>
        {sent !== null && (busy || sent.bytes === total) && (
          <ProgressBar
            testId="upload-progress"
            label={uploadProgressLabel({ ...sent, totalBytes: total, totalFiles: files.length, done: !busy }, formatBytes)}
            value={sent.bytes}
            max={total}
          />
        )}
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
      </form>
      {importId && <ImportStatus key={importId} importId={importId} />}
    </>
  );
}
