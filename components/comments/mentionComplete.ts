// The @mention autocomplete's logic (pure, for CommentComposer): which "@partial" is being typed
// before the caret, which team members match it, and the text once one is chosen.
/** A team member who can be mentioned (GET /api/mentions/people). */
export interface Person {
  id: string;
  name: string;
  email: string;
}

/** The "@partial" being typed right before the caret, if any (after a start, space or punctuation). */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|[\s(,;:])@([^\s@]*)$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2].length - 1, query: m[2].toLowerCase() } : null;
}

/** Members whose name contains the query or whose e-mail starts with it, at most `max`. */
export function matchPeople(people: readonly Person[], query: string, max = 8): Person[] {
  return people.filter((p) => p.name.toLowerCase().includes(query) || p.email.toLowerCase().startsWith(query)).slice(0, max);
}

/** The text with the "@partial" from `start` to `caret` replaced by "@email" (and a space unless one follows), and the new caret. */
export function insertMention(text: string, start: number, caret: number, p: Person): { text: string; caret: number } {
  const inserted = `@${p.email}${/^\s/.test(text.slice(caret)) ? '' : ' '}`;
  return { text: `${text.slice(0, start)}${inserted}${text.slice(caret)}`, caret: start + inserted.length };
}
