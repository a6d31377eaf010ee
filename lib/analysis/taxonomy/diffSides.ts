// The two sides of a unified diff, for judges that read sources (the offline judge) when only a
// diff is given (`evoscope judge --diffs`): the parent side is every context and '-' line of the
// hunks, the child side every context and '+' line, hunks in order. Lines outside the hunks are
// unknown, so the sides are excerpts: enough for rules that look at what changed. Each hunk is
// read for as many lines as its header counts, so a removed line that reads "-- x" is not
// mistaken for a "--- file" header; without counts (a hand-written "@@"), until the next header.
export interface DiffSides {
  parent: string;
  child: string;
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

export function diffSides(diff: string): DiffSides {
  const parent: string[] = [];
  const child: string[] = [];
  let oldLeft = 0;
  let newLeft = 0;
  let counted = false;
  let inHunk = false;
  const lines = diff.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop(); // the text's final newline ends a line, it is not one
  for (const line of lines) {
    if (inHunk && counted && oldLeft <= 0 && newLeft <= 0) inHunk = false;
    if (!inHunk || !counted) {
      if (line.startsWith('@@')) {
        const m = HUNK.exec(line);
        counted = m !== null;
        oldLeft = m ? Number(m[1] ?? 1) : 0;
        newLeft = m ? Number(m[2] ?? 1) : 0;
        inHunk = true;
        continue;
      }
      if (!inHunk || /^(--- |\+\+\+ |diff |index )/.test(line)) {
        inHunk = false;
        continue;
      }
    }
    if (line.startsWith('\\')) continue; // "\ No newline at end of file"
    const body = line.slice(1);
    if (line.startsWith('-')) {
      parent.push(body);
      oldLeft--;
    } else if (line.startsWith('+')) {
      child.push(body);
      newLeft--;
    } else {
      // ' ' context (an empty line is a context line whose space was stripped).
      parent.push(body);
      child.push(body);
      oldLeft--;
      newLeft--;
    }
  }
  return { parent: join(parent), child: join(child) };
}

const join = (lines: string[]) => (lines.length ? `${lines.join('\n')}\n` : '');
