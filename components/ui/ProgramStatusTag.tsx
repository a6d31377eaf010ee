// A program's status as a tag: valid, invalid (evaluated and failed), not evaluated (never ran,
// e.g. a Shinka generation without results) or rejected (proposed and turned down by the search,
// e.g. GEPA's rejection history). Defined by programStatus() in lib/trace.
import { programStatus, type ProgramStatus } from '@/lib/trace/schema';

const LABEL: Record<ProgramStatus, string> = { valid: 'valid', invalid: 'invalid', not_evaluated: 'not evaluated', rejected: 'rejected' };
const CLASS: Record<ProgramStatus, string> = { valid: 'tag ok', invalid: 'tag bad', not_evaluated: 'tag', rejected: 'tag warn' };

export function ProgramStatusTag({ valid, evaluated, rejected }: { valid: boolean; evaluated?: boolean | null; rejected?: boolean | null }) {
  const s = programStatus({ valid, evaluated, rejected });
  return (
    <span className={CLASS[s]} data-testid="program-status" data-status={s}>
      {LABEL[s]}
    </span>
  );
}
