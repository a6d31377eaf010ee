// The shapes the offline judge's facts are built of (offlineFacts.ts builds them, offlineDerive.ts reads them).
import type { Tree } from '../treeSitter';
import type { Routine, SyntaxFacts } from './offlineSyntax';
import type { Token, TokenDialect } from './offlineTokens';

export interface Program {
  code: string;
  tokens: Token[];
  /** tokens of line L are tokens[lineStart[L] .. lineStart[L + 1]). */
  lineStart: Int32Array;
  /** null: no parser for the language (token-level fallback), or not parsed yet (see `parsed`). */
  syntax: SyntaxFacts | null;
  /** Parsing is lazy: an edit that only swaps literals needs no tree (ensureSyntax). */
  parsed: boolean;
  /** The edit this program was first seen as the child of: the base of an incremental parse. */
  pending?: { parent: Program; removed: number[]; added: number[] };
  dialect: TokenDialect;
  /** Identifier texts (computed on first use). */
  ids?: Set<string>;
  /** The tree-sitter tree, kept while the program is cached (the base of its children's parses). */
  tree: Tree | null;
  /** Routines carried over from the parent through the diff, when the edit could not move them. */
  derived?: { routines: Routine[]; parseErrors: boolean };
}

/** One token-level change: parent tokens [r0, r1) replaced by child tokens [a0, a1). */
export interface SubHunk {
  kind: SubKind;
  r0: number;
  r1: number;
  a0: number;
  a1: number;
}

export type SubKind = 'literal' | 'rename' | 'operator' | 'structural';
