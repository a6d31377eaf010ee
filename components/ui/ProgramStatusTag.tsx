// A program's status as a tag: valid, invalid (evaluated and failed) or not evaluated (never
// ran, e.g. a Shinka generation without results). Defined by programStatus() in lib/trace.
import { programStatus } from '@/lib/trace/schema';

const LABEL = { valid: 'valid', invalid: 'invalid', not_evaluated: 'not evaluated' } as const;
const CLASS = { valid: 'tag ok', invalid: 'tag bad', not_evaluated: 'tag' } as const;

export function ProgramStatusTag({ valid, evaluated }: { valid: boolean; evaluated?: boolean | null }) {
  const s = programStatus({ valid, evaluated });
  return (
    <span className={CLASS[s]} data-testid="program-status" data-status={s}>
      {LABEL[s]}
    </span>
  );
}
