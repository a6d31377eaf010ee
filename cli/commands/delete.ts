// `evoscope delete <runId> [--json]`: removes a stored run with everything of it, in one
// transaction, as the runs list's Delete button does (lib/db/runEdit.ts deleteRun).
import { runParamsSchema } from '../../lib/contracts/api/params';
import { deleteRun } from '../../lib/db/runEdit';
import { audit, CLI_ACTOR } from '../../lib/db/audit';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface DeleteArgs {
  runId: string;
  json: boolean;
}

export function parseDeleteArgs(args: string[]): DeleteArgs {
  const a = parseArgs(args, { values: [], switches: ['json'], positional: 'run' });
  if (!a.positional) throw new UsageError('delete needs a <runId>');
  const id = runParamsSchema.safeParse({ runId: a.positional.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`delete: '${a.positional}' is not a run id (a UUID, as the runs list links show)`);
  return { runId: id.data.runId, json: a.switches.has('json') };
}

/** Exit code 1 when there is no such run (nothing deleted). */
export async function deleteCommand(args: DeleteArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    const deleted = await deleteRun(args.runId);
    if (!deleted) {
      log(`delete failed: no run ${args.runId}`);
      process.exitCode = 1;
      return;
    }
    await audit(CLI_ACTOR, 'run.delete', { kind: 'run', id: deleted.runId }, { programs: deleted.programs });
    process.stdout.write(
      args.json
        ? `${JSON.stringify({ deleted: true, ...deleted })}\n`
        : `deleted run ${deleted.runId}: ${deleted.programs} programs, ${deleted.blobsRemoved} unshared sources and prompts\n`,
    );
  });
}
