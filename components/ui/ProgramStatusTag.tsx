// A program's status as a tag: valid, invalid (evaluated and failed), not evaluated (never
// ran, e.g. a Shinka generation without results) or rejected (proposed, turned down by the
// search, e.g. GEPA's rejection history). Defined by programStatus() in lib/trace.
import { programStatus } from '@/lib/trace/schema';

const LABEL = { valid: 'valid', invalid: 'invalid', not_evaluated: 'not evaluated', rejected: 'rejected' } as const;
const CLASS = { valid: 'tag ok', invalid: 'tag bad', not_evaluated: 'tag', rejected: 'tag warn' } as const;

export function ProgramStatusTag({ valid, evaluated, rejected }: { valid: boolean; evaluated?: boolean | null; rejected?: boolean | null }) {
  const s = programStatus({ valid, evaluated, rejected });
  return (
    <span className={CLASS[s]} data-testid="program-status" data-status={s}>
      {LABEL[s]}
    </span>
  );
}
