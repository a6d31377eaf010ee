// An importer's search state, checked against the contract before it reaches the writer: a value
// of an unexpected shape in a source (a fractional count, a zero island count) must not cost the
// user the whole import. The state is then dropped with a warning naming the field, and the run
// says that it lacks it; the programs import as usual. (Evoscope's JSONL is checked line by line
// instead, and refuses: there the writer chose the shape.)
import type { ImportWarning } from '../trace/schema';
import { searchStateSchema, type SearchStateInput } from '../trace/searchState';

export function checkedSearchState(state: SearchStateInput, warnings: ImportWarning[], file?: string): SearchStateInput {
  const r = searchStateSchema.safeParse(state);
  if (r.success) return state;
  const issue = r.error.issues[0];
  const where = issue.path.join('.');
  warnings.push({ code: 'search-state-unreadable', message: `the search's state was not kept: ${where}: ${issue.message}`, ...(file ? { file } : {}) });
  const why = `not kept: ${where}: ${issue.message}`.slice(0, 500);
  return { missing: { config: why, islands: why, counters: why } };
}
