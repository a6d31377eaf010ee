// The tree walk behind the complexity measures (the definitions are the doc comments of
// Complexity in complexity.ts): one pass of a tree-sitter cursor over the tree, reading nodes by
// type id through the grammar tables (complexityGrammar.ts), judging each numeric literal in its
// context, and skipping statements already walked (statementCache.ts).
import {
  ARGS, BINARY, BITWISE, CALL, COLLECTION, COMMENT, CONTROL, DIVISION, ELSE, EXPONENT, EXPR_STMT, FUNC, grammarFor, KWARG, LEAF, LIT,
  POW_CALLS, PREPROC_ARG, SHAPE_SEED_FORMAT_CALLS, SHAPE_SEED_KEYWORDS, SKIP, WRAP, ZONE,
} from './complexityGrammar';
import { parseLiteral, preprocLiterals, trivialLiteral } from './numericLiterals';
import { MIN_CACHED_STATEMENT, statementCacheFor, statementCacheStats, storeStatement } from './statementCache';
import type { ParsedLanguage, Tree } from './treeSitter';

/** A literal waiting for its context (the operator of a binary expression may follow it). */
interface Pending {
  abs: number;
  /** Right operand of a binary operator (entered after the operator). */
  right: boolean;
  /** Position among the named children of its effective parent (argument index). */
  pos: number;
}

interface Frame {
  tid: number;
  flags: number;
  zone: boolean;
  ctl: number;
  /** First anonymous child's type (BINARY / WRAP frames): the operator. */
  op: string | null;
  kids: number;
  namedKids: number;
  /** This node was entered after its parent's operator. */
  afterOp: boolean;
  /** This node's position among its parent's named children. */
  pos: number;
  /** Span of the first child (callee, keyword name) or of a bare string statement's string. */
  spanStart: number;
  spanEnd: number;
  pending: Pending[];
  /** Deepest control nesting in this subtree (this node's own level included). */
  maxCtl: number;
  /** A statement whose measures are stored in the statement cache once its subtree is walked. */
  cacheKey: string | null;
  /** Counters and comment count when the statement was entered, and its start. */
  snap: [numeric: number, tunable: number, functions: number, comments: number, start: number];
}

function newFrame(): Frame {
  return {
    tid: 0, flags: 0, zone: false, ctl: 0, op: null, kids: 0, namedKids: 0, afterOp: false, pos: -1, spanStart: -1, spanEnd: -1, pending: [],
    maxCtl: 0, cacheKey: null, snap: [0, 0, 0, 0, 0],
  };
}

/**
 * What the walk finds in one tree: the literal, function and nesting measures of Complexity, and
 * the comment spans its lines of code leave out (complexity.ts counts the lines).
 */
export interface TreeMeasures {
  numericLiterals: number;
  tunableLiterals: number;
  functions: number;
  maxNestingDepth: number;
  /** Comments (and Python bare string statements) as [start, end) pairs of string indices. */
  comments: number[];
}

export function measureTree(tree: Tree, lang: ParsedLanguage, code: string): TreeMeasures {
  const g = grammarFor(tree.language, lang);
  const cur = tree.walk();
  const frames: Frame[] = [newFrame()];
  const comments: number[] = []; // [start, end) pairs in string indices
  let top = 0;
  let numeric = 0;
  let tunable = 0;
  let functions = 0;
  let depth = 0;
  // Trees with errors never use the cache: error recovery can depend on the surroundings.
  const cache = tree.rootNode.hasError ? null : statementCacheFor(lang);
  let key: string | null = null;
  let keyStart = 0;

  const resolve = (e: Frame, parent: Frame | undefined) => {
    for (const p of e.pending) if (tunableIn(e, parent, p, code)) tunable++;
    e.pending.length = 0;
  };

  try {
    const root = frames[0];
    Object.assign(root, newFrame(), { tid: cur.nodeTypeId, flags: g.flags[cur.nodeTypeId] });
    let more = cur.gotoFirstChild();
    while (more) {
      const tid = cur.nodeTypeId;
      const f = g.flags[tid];
      const parent = frames[top];
      parent.kids++;
      const afterOp = parent.op !== null;
      let pos = -1;
      if (!g.named[tid]) {
        if (parent.op === null && parent.flags & (BINARY | WRAP)) parent.op = g.types[tid];
      } else if (!(f & COMMENT)) pos = parent.namedKids++;
      if (parent.kids === 1 && parent.flags & (CALL | KWARG)) {
        parent.spanStart = cur.startIndex;
        parent.spanEnd = cur.endIndex;
      }
      let zone = parent.zone || (f & ZONE) !== 0;
      const zoneField = g.zoneField[parent.tid];
      if (!zone && zoneField >= 0 && cur.currentFieldId === zoneField) zone = true;

      let descend = false;
      if (f & LIT) {
        numeric++;
        const v = parseLiteral(code.slice(cur.startIndex, cur.endIndex));
        if (!zone && !trivialLiteral(v)) {
          // Effective parent: the nearest ancestor that is not a transparent wrapper.
          let i = top;
          let right = afterOp;
          let at = pos;
          let bitwise = false;
          while (i > 0 && frames[i].flags & WRAP) {
            if (frames[i].op === '~') bitwise = true;
            right = frames[i].afterOp;
            at = frames[i].pos;
            i--;
          }
          if (!bitwise) frames[i].pending.push({ abs: v.abs, right, pos: at });
        }
      } else if (f & COMMENT) {
        comments.push(cur.startIndex, cur.endIndex);
      } else if (f & SKIP) {
        if (parent.kids === 1 && parent.flags & EXPR_STMT) {
          parent.spanStart = cur.startIndex;
          parent.spanEnd = cur.endIndex;
        }
      } else if (f & PREPROC_ARG) {
        const counts = preprocLiterals(code.slice(cur.startIndex, cur.endIndex), g.types[parent.tid] === 'preproc_def');
        numeric += counts.numeric;
        if (!zone) tunable += counts.tunable;
      } else {
        descend = g.named[tid] === 1 && !(f & LEAF);
        key = null;
        if (descend && cache && g.container[parent.tid] && !(f & WRAP)) {
          const start = cur.startIndex;
          const end = cur.endIndex;
          if (end - start >= MIN_CACHED_STATEMENT) {
            const k = `${zone ? 'z' : ''}${tid}:${code.slice(start, end)}`;
            const hit = cache.get(k);
            if (hit) {
              numeric += hit.numeric;
              tunable += hit.tunable;
              functions += hit.functions;
              if (parent.ctl + hit.depth > depth) depth = parent.ctl + hit.depth;
              if (parent.ctl + hit.depth > parent.maxCtl) parent.maxCtl = parent.ctl + hit.depth;
              for (const c of hit.comments) comments.push(start + c);
              descend = false;
              statementCacheStats.hits++;
            } else {
              key = k;
              keyStart = start;
            }
          }
        }
        if (descend && f & FUNC) functions++;
      }

      if (descend && cur.gotoFirstChild()) {
        const ctl = parent.ctl + (f & CONTROL && !(parent.flags & ELSE) ? 1 : 0);
        if (ctl > depth) depth = ctl;
        top++;
        const fr = (frames[top] ??= newFrame());
        fr.tid = tid;
        fr.flags = f;
        fr.zone = zone;
        fr.ctl = ctl;
        fr.op = null;
        fr.kids = 0;
        fr.namedKids = 0;
        fr.afterOp = afterOp;
        fr.pos = pos;
        fr.spanStart = -1;
        fr.spanEnd = -1;
        fr.maxCtl = ctl;
        fr.cacheKey = key;
        if (key !== null) {
          // Counted before this node's own function definition (counted above): undo for the snapshot.
          fr.snap[0] = numeric;
          fr.snap[1] = tunable;
          fr.snap[2] = functions - (f & FUNC ? 1 : 0);
          fr.snap[3] = comments.length;
          fr.snap[4] = keyStart;
        }
        continue;
      }
      while (!(more = cur.gotoNextSibling()) && top > 0) {
        cur.gotoParent();
        const done = frames[top];
        const up = frames[top - 1];
        if (done.flags & EXPR_STMT && done.kids === 1 && done.spanStart >= 0) comments.push(done.spanStart, done.spanEnd);
        resolve(done, up);
        if (done.maxCtl > up.maxCtl) up.maxCtl = done.maxCtl;
        if (done.cacheKey !== null && cache) {
          const [n0, t0, f0, c0, start] = done.snap;
          const own: number[] = [];
          for (let i = c0; i < comments.length; i++) own.push(comments[i] - start);
          storeStatement(cache, done.cacheKey, { numeric: numeric - n0, tunable: tunable - t0, functions: functions - f0, depth: done.maxCtl - up.ctl, comments: own });
          done.cacheKey = null;
        }
        top--;
      }
    }
    resolve(frames[0], undefined);
  } finally {
    cur.delete();
  }

  return { numericLiterals: numeric, tunableLiterals: tunable, functions, maxNestingDepth: depth, comments };
}

/**
 * The context rules of Complexity.tunableLiterals for a literal that passed the value, spelling,
 * zone and `~` checks, judged in its effective parent `e` (the nearest ancestor that is not
 * parentheses or a unary operator), whose own parent is `parent`.
 */
function tunableIn(e: Frame, parent: Frame | undefined, p: Pending, code: string): boolean {
  if (e.flags & COLLECTION) return false;
  if (e.flags & BINARY && e.op !== null) {
    if (BITWISE.has(e.op)) return false;
    if (p.right && EXPONENT.has(e.op) && (p.abs === 2 || p.abs === 0.5)) return false;
    if (p.right && DIVISION.has(e.op) && p.abs === 2) return false;
  }
  if (e.flags & ARGS && parent && parent.flags & CALL && parent.spanStart >= 0) {
    const callee = lastName(code.slice(parent.spanStart, parent.spanEnd));
    if (SHAPE_SEED_FORMAT_CALLS.has(callee)) return false;
    if (POW_CALLS.has(callee) && p.pos === 1 && (p.abs === 2 || p.abs === 0.5)) return false;
  }
  if (e.flags & KWARG && e.spanStart >= 0 && SHAPE_SEED_KEYWORDS.has(code.slice(e.spanStart, e.spanEnd))) return false;
  return true;
}

/** The last identifier of a callee expression (`np.random.seed` -> seed, `std::pow<T>` -> pow). */
function lastName(callee: string): string {
  const m = /([A-Za-z_]\w*)\s*(?:<[^<>]*>)?\s*$/.exec(callee);
  return m ? m[1] : '';
}
