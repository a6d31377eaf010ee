// Types for the parts of the `difflib` package (a port of Python's difflib) that we use.
declare module 'difflib' {
  export type Opcode = ['replace' | 'delete' | 'insert' | 'equal', number, number, number, number];
  export class SequenceMatcher<T> {
    constructor(isjunk: ((x: T) => boolean) | null, a: readonly T[], b: readonly T[], autojunk?: boolean);
    getOpcodes(): Opcode[];
    getGroupedOpcodes(n?: number): Opcode[][];
  }
  export function unifiedDiff(
    a: readonly string[],
    b: readonly string[],
    opts?: { fromfile?: string; tofile?: string; n?: number; lineterm?: string },
  ): string[];
  const difflib: { SequenceMatcher: typeof SequenceMatcher; unifiedDiff: typeof unifiedDiff };
  export default difflib;
}
