// Import warnings given by more than one writer, worded once.
import type { ImportWarning } from './schema';

/** Records without an iteration are placed by their 0-based position among the run's records. */
export function iterationFromPositionWarning(count: number, file?: string): ImportWarning {
  return {
    code: 'iteration-from-position',
    message: `${count} records have no iteration: their 0-based position among the records is used`,
    ...(file === undefined ? {} : { file }),
    count,
  };
}
