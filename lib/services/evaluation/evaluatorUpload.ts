// Server side of an evaluator upload: the JSON body (lib/contracts/api/evaluators.ts) as attachEvaluator
// takes it, files decoded from base64 and the contract told by them unless given.
import type { AttachEvaluatorInput } from '../../db/evaluators';
import { checkProgramFile, detectContract, EvaluatorInputError } from '../../sandbox/evaluators/files';
import type { EvaluatorUpload } from '../../contracts/api/evaluators';

function decode(files: { path: string; content: string }[], what: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (const f of files) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(f.content)) throw new EvaluatorInputError(`${what} file ${f.path}: content is not base64`);
    if (f.path in out) throw new EvaluatorInputError(`${what} file ${f.path} appears twice`);
    out[f.path] = Buffer.from(f.content, 'base64');
  }
  return out;
}

/** The upload as attachEvaluator takes it; the contract is told by the files unless given. */
export function uploadToAttachInput(u: EvaluatorUpload, defaults: { programFile: string; timeoutSeconds: number; memoryMb: number }): AttachEvaluatorInput {
  const files = decode(u.files, 'evaluator');
  const privateFiles = u.privateFiles?.length ? decode(u.privateFiles, 'private') : null;
  const command = u.command || null;
  const detected = u.contract
    ? { contract: u.contract, entry: u.contract === 'openevolve' ? 'evaluator.py' : u.contract === 'shinka' ? 'evaluate.py' : null }
    : detectContract(files, command);
  return {
    ...detected,
    command,
    programFile: checkProgramFile(u.programFile || defaults.programFile),
    files,
    privateFiles,
    timeoutSeconds: u.timeoutSeconds ?? defaults.timeoutSeconds,
    memoryMb: u.memoryMb ?? defaults.memoryMb,
    origin: 'upload',
  };
}
