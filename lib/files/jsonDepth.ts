// How deep a JSON value may nest. Shared by the strict JSON reader (readJson.ts) and the
// Python-JSON parser (lib/importers/pythonJson.ts), which also parses JSON held inside other
// files (artifacts columns, prompt blobs) that never pass through the reader.

/**
 * Deepest nesting of arrays and objects accepted. JSON.parse itself copes with 100,000 levels,
 * but everything after it that recurses (JSON.stringify, zod, the reviver) overflows the stack
 * with a bare RangeError naming no file (issue 15 item 6). Real traces nest under twenty.
 */
export const MAX_JSON_NESTING = 512;

/** True when `value` nests containers deeper than `max`. Recursion is bounded by `max` itself
 *  (512 frames are safe), and it is faster than an explicit stack on the small files of a run. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const c = value[i];
      if (typeof c === 'object' && c !== null && nestedDeeperThan(c, max - 1)) return true;
    }
    return false;
  }
  for (const k in value) {
    const c = (value as Record<string, unknown>)[k];
    if (typeof c === 'object' && c !== null && nestedDeeperThan(c, max - 1)) return true;
  }
  return false;
}

/** Thrown by a parser for text nested past MAX_JSON_NESTING (a SyntaxError: the input is bad). */
export class JsonTooDeepError extends SyntaxError {
  constructor() {
    super(`JSON nested more than ${MAX_JSON_NESTING} levels deep`);
    this.name = 'JsonTooDeepError';
  }
}

/** `value`, or a JsonTooDeepError when it nests past MAX_JSON_NESTING. */
export function boundedDepth<T>(value: T): T {
  if (nestedDeeperThan(value, MAX_JSON_NESTING)) throw new JsonTooDeepError();
  return value;
}
