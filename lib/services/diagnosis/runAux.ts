// One program's auxiliary metrics: the harness request (auxHarness.ts) run in the sandbox and
// its result line read. Never throws for what the script does: every failure is a status.
import { runSandbox } from '../../sandbox/run';
import { buildAuxRequest, readAuxResult, type AuxOutcome, type AuxRequestInput } from './auxHarness';

export async function runAuxScript(input: AuxRequestInput, opts: { signal?: AbortSignal } = {}): Promise<AuxOutcome> {
  const result = await runSandbox({ ...buildAuxRequest(input), signal: opts.signal });
  return readAuxResult(result);
}
