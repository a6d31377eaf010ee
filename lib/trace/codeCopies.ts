// Metadata values that repeat the program's source. OpenEvolve runs converted from EvoTrace (and
// long-lived searches) keep the source twice per program file, as `code` and as `solution`;
// storing the copy inside programs.metadata doubled what an import writes (and compresses) for
// no information. Such keys are taken out of the metadata and listed (programs.metadata_code_keys):
// the program's content-addressed code blob is their value. Readers put them back with
// withCodeCopies, so the metadata read is the metadata imported. Pure.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Below this many characters a copy is left in place (not worth a key list). */
const MIN_CHARS = 64;

/** The metadata without its top-level values equal to `code`, and those keys (null if none). */
export function splitCodeCopies(metadata: unknown, code: string): { metadata: unknown; keys: string[] | null } {
  if (!isObj(metadata) || code.length < MIN_CHARS) return { metadata, keys: null };
  let keys: string[] | null = null;
  for (const k in metadata) if (metadata[k] === code) (keys ??= []).push(k);
  if (!keys) return { metadata, keys: null };
  const rest: Obj = {};
  for (const k in metadata) if (!keys.includes(k)) rest[k] = metadata[k];
  return { metadata: rest, keys };
}

/** The metadata as imported: each key of `keys` given the program's `code` again. */
export function withCodeCopies<T>(metadata: T, keys: readonly string[] | null | undefined, code: string): T | Obj {
  if (!keys?.length) return metadata;
  const out: Obj = isObj(metadata) ? { ...metadata } : {};
  for (const k of keys) out[k] = code;
  return out;
}
