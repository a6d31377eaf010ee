// Browser side of an evaluator upload: picked folder files -> the JSON body the evaluators route
// takes (lib/contracts/api/evaluators.ts). Paths lose the picked folder's own name (webkitRelativePath is
// "folder/sub/file"), build litter is left out, and contents go base64.
import type { EvaluatorUpload } from '@/lib/contracts/api/evaluators';
import { skippedPath } from '@/lib/contracts/evaluatorSkip';

export interface PickedFile {
  /** Path inside the picked folder. */
  path: string;
  file: File;
}

/** The files of a folder picked with <input webkitdirectory>, paths relative to that folder. */
export function pickedFolder(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [])
    .map((file) => {
      const rel = file.webkitRelativePath || file.name;
      const path = rel.includes('/') ? rel.slice(rel.indexOf('/') + 1) : rel;
      return { path, file };
    })
    .filter((f) => !skippedPath(f.path));
}

function base64(bytes: Uint8Array): string {
  let bin = '';
  const chunk = 0x8000; // String.fromCharCode takes its arguments on the stack
  for (let i = 0; i < bytes.length; i += chunk) bin += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(bin);
}

async function encode(files: PickedFile[]) {
  return Promise.all(files.map(async (f) => ({ path: f.path, content: base64(new Uint8Array(await f.file.arrayBuffer())) })));
}

export async function uploadBody(opts: {
  files: PickedFile[];
  privateFiles: PickedFile[];
  command: string;
  contract: string;
  timeout: string;
}): Promise<EvaluatorUpload> {
  const body: EvaluatorUpload = { files: await encode(opts.files) };
  if (opts.privateFiles.length) body.privateFiles = await encode(opts.privateFiles);
  if (opts.command.trim()) body.command = opts.command.trim();
  if (opts.contract) body.contract = opts.contract as EvaluatorUpload['contract'];
  if (opts.timeout.trim()) body.timeoutSeconds = Number(opts.timeout);
  return body;
}
