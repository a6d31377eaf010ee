'use client';
// The run's evaluator (the paper's replay environment): the current version with its files,
// older versions, and a form to upload a new version (a folder, an optional private test set,
// an optional command/contract/timeout). Server-rendered list first, refreshed after an upload.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { evaluatorListSchema, evaluatorSummarySchema, type EvaluatorSummaryJson } from '@/lib/contracts/api/evaluators';
import { formatBytes } from '@/components/ui/bytes';
import { apiFetch } from '@/components/ui/apiFetch';
import { formatDate } from '@/components/ui/format';
import { pickedFolder, uploadBody, type PickedFile } from './evaluatorUpload';

const CONTRACTS: Record<string, string> = {
  openevolve: 'OpenEvolve evaluator.py',
  shinka: 'ShinkaEvolve evaluate.py',
  command: 'command template',
};

function FileList({ files, label }: { files: EvaluatorSummaryJson['files']; label: string }) {
  return (
    <ul aria-label={label} className="mono">
      {files.map((f) => (
        <li key={f.path}>
          {f.path} <span className="muted">({formatBytes(f.bytes)}{f.binary ? ', binary' : ''})</span>
        </li>
      ))}
    </ul>
  );
}

function Current({ e }: { e: EvaluatorSummaryJson }) {
  return (
    <div data-testid="evaluator-current">
      <dl className="stats" aria-label="Evaluator">
        <div className="stat"><dt>Version</dt><dd data-testid="evaluator-version">v{e.version}</dd></div>
        <div className="stat"><dt>Contract</dt><dd data-testid="evaluator-contract">{CONTRACTS[e.contract] ?? e.contract}</dd></div>
        <div className="stat">
          <dt>{e.contract === 'command' ? 'Command' : 'Entry'}</dt>
          <dd className="mono" data-testid="evaluator-entry">{e.contract === 'command' ? e.command : e.entry}</dd>
        </div>
        <div className="stat"><dt>Candidate file</dt><dd className="mono">{e.programFile}</dd></div>
        <div className="stat"><dt>Limits</dt><dd>{e.timeoutSeconds} s, {e.memoryMb} MB</dd></div>
        {e.cascade && (
          <div className="stat"><dt>Cascade</dt><dd>{e.cascade.enabled ? `thresholds ${e.cascade.thresholds.join(', ')}` : 'off (evaluate() only)'}</dd></div>
        )}
        <div className="stat"><dt>Private test set</dt><dd data-testid="evaluator-private">{e.privateFiles ? `yes, ${e.privateFiles.length} file${e.privateFiles.length === 1 ? '' : 's'}` : 'none'}</dd></div>
        <div className="stat"><dt>Origin</dt><dd data-testid="evaluator-origin">{e.origin}</dd></div>
        <div className="stat"><dt>Attached</dt><dd>{formatDate(e.createdAt)}</dd></div>
      </dl>
      {e.notes && <p className="muted">{e.notes}</p>}
      <details className="collapsible" open={e.files.length <= 12}>
        <summary>{e.files.length} file{e.files.length === 1 ? '' : 's'}, {formatBytes(e.files.reduce((s, f) => s + f.bytes, 0))}</summary>
        <FileList files={e.files} label="Evaluator files" />
        {e.privateFiles && (
          <>
            <p>Private test set (overlaid on the files above for private re-scoring):</p>
            <FileList files={e.privateFiles} label="Private files" />
          </>
        )}
      </details>
    </div>
  );
}

export function EvaluatorPanel({ runId, initial }: { runId: string; initial: EvaluatorSummaryJson[] }) {
  const [list, setList] = useState(initial);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [privateFiles, setPrivateFiles] = useState<PickedFile[]>([]);
  const [command, setCommand] = useState('');
  const [contract, setContract] = useState('');
  const [timeout, setTimeoutText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const url = `/api/runs/${runId}/evaluators`;
  // The page's other server-rendered parts that depend on the evaluator (the chain re-run's
  // "no evaluator attached", its private-set option) are re-rendered after an upload.
  const router = useRouter();

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const body = await uploadBody({ files, privateFiles, command, contract, timeout });
      const stored = await apiFetch(url, { method: 'POST', body, schema: evaluatorSummarySchema });
      setDone(`Stored as version ${stored.version}.`);
      // Picks cleared, so that the next upload is chosen afresh (not the private set of this one).
      form.reset();
      setFiles([]);
      setPrivateFiles([]);
      setCommand('');
      setContract('');
      setTimeoutText('');
      setList((await apiFetch(url, { schema: evaluatorListSchema })).evaluators);
      router.refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const [current, ...older] = list;
  return (
    <section aria-label="Evaluator" data-testid="evaluator-panel">
      {current ? <Current e={current} /> : <p className="muted" data-testid="evaluator-none">No evaluator attached: upload one below, or `npm run evoscope -- env attach {runId} DIR`.</p>}
      {older.length > 0 && (
        <details className="collapsible">
          <summary>Older versions ({older.length})</summary>
          <ul aria-label="Older evaluator versions">
            {older.map((e) => (
              <li key={e.id}>
                v{e.version}: {CONTRACTS[e.contract] ?? e.contract}, {e.files.length} files{e.privateFiles ? ', private set' : ''}, {e.origin}, {formatDate(e.createdAt)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <details className="collapsible">
        <summary>Upload a new evaluator version</summary>
        <form onSubmit={submit} className="panel" aria-label="Upload an evaluator">
          <div className="form-grid">
            <label htmlFor="evaluator-folder">Evaluator folder</label>
            <input
              id="evaluator-folder" data-testid="evaluator-folder" type="file" multiple
              // @ts-expect-error: non-standard attributes for picking a directory
              webkitdirectory="" directory=""
              onChange={(e) => setFiles(pickedFolder(e.target.files))}
            />
            <label htmlFor="evaluator-private">Private test set (optional)</label>
            <input
              id="evaluator-private" data-testid="evaluator-private-folder" type="file" multiple
              // @ts-expect-error: non-standard attributes for picking a directory
              webkitdirectory="" directory=""
              onChange={(e) => setPrivateFiles(pickedFolder(e.target.files))}
            />
            <label htmlFor="evaluator-command">Command (optional)</label>
            <input id="evaluator-command" type="text" placeholder="python3 score.py {program}" value={command} onChange={(e) => setCommand(e.target.value)} />
            <label htmlFor="evaluator-contract">Contract</label>
            <select id="evaluator-contract" value={contract} onChange={(e) => setContract(e.target.value)}>
              <option value="">detect from the files</option>
              {Object.entries(CONTRACTS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </select>
            <label htmlFor="evaluator-timeout">Timeout (s)</label>
            <input id="evaluator-timeout" type="number" min="1" placeholder="60" value={timeout} onChange={(e) => setTimeoutText(e.target.value)} />
          </div>
          <p className="muted">
            {files.length ? `${files.length} file${files.length === 1 ? '' : 's'}` : 'No folder chosen yet.'}
            {privateFiles.length ? `; private set: ${privateFiles.length} file${privateFiles.length === 1 ? '' : 's'}` : ''}
          </p>
          <button type="submit" disabled={!files.length || busy}>Attach</button>
          {done && <p role="status">{done}</p>}
          {error && <p className="alert" role="alert">{error}</p>}
        </form>
      </details>
    </section>
  );
}
