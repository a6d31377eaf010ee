// What live ingestion stored differently from what it was sent, for the response's warnings:
// PostgreSQL text cannot hold U+0000 (lib/db/rows.ts clean() makes it U+FFFD), a lone UTF-16
// surrogate is written as U+FFFD by the UTF-8 encoder, and invalid UTF-8 bytes in the body
// were decoded as U+FFFD. Ids and keys are refused instead (lib/trace/pgSafe.ts); code and
// other free text are kept, replaced, and said so here.
import { hasLoneSurrogate, hasNul } from '../../trace/pgSafe';
import type { ProgramRecord } from '../../trace/schema';

const MAX_NAMED = 5;

export function replacedTextWarnings(records: ProgramRecord[], invalidUtf8: boolean): string[] {
  const warnings: string[] = [];
  if (invalidUtf8) warnings.push('the request body held bytes that are not UTF-8; each was stored as U+FFFD (the replacement character)');
  const nul = records.filter((r) => hasNul(r.code)).map((r) => r.externalId);
  const lone = records.filter((r) => hasLoneSurrogate(r.code)).map((r) => r.externalId);
  const names = (ids: string[]) => ids.slice(0, MAX_NAMED).map((id) => JSON.stringify(id)).join(', ') + (ids.length > MAX_NAMED ? `, and ${ids.length - MAX_NAMED} more` : '');
  if (nul.length) warnings.push(`code of ${names(nul)}: NUL characters (U+0000) were stored as U+FFFD, since PostgreSQL text cannot hold them`);
  if (lone.length) warnings.push(`code of ${names(lone)}: lone UTF-16 surrogates (not valid Unicode) were stored as U+FFFD`);
  return warnings;
}
