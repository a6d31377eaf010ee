'use client';
// The blind reviewing screen: the diff (read-only Monaco), the language, the reviewer's own
// labels; nothing else reaches the browser (the item API sends nothing else). Keys are read on
// the window in the capture phase, so Monaco never swallows them, and ignored while the note
// field has the focus. Progress is "k of n"; reopening resumes at the first item with nothing saved.
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DiffViewer } from '@/components/code/DiffViewer';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { apiFetch, errorText } from '@/components/ui/apiFetch';
import { EDIT_LABELS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { isTypingTarget, KEY_OF_LABEL, reviewKeyAction } from '@/lib/review/keys';
import { blindItemSchema, sessionStateSchema, type BlindItemResponse } from '@/lib/review/schemas';
import { RubricDialog } from './RubricDialog';

type State =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'item'; item: BlindItemResponse }
  | { phase: 'done'; total: number };

export function ReviewScreen({ sessionId, name }: { sessionId: string; name: string }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [labels, setLabels] = useState<Set<EditLabel>>(new Set());
  const [note, setNote] = useState('');
  const [rubric, setRubric] = useState(false);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const totalRef = useRef(0);
  const base = `/api/reviews/${sessionId}`;

  const open = useCallback(
    async (position: number) => {
      setBusy(true);
      try {
        if (position >= totalRef.current) {
          setState({ phase: 'done', total: totalRef.current });
          return;
        }
        const item = await apiFetch(`${base}/items/${position}`, { schema: blindItemSchema });
        setLabels(new Set(item.mine?.labels ?? []));
        setNote(item.mine?.note ?? '');
        setState({ phase: 'item', item });
      } catch (e) {
        setState({ phase: 'error', message: (e as Error).message });
      } finally {
        setBusy(false);
      }
    },
    [base],
  );

  useEffect(() => {
    apiFetch(base, { schema: sessionStateSchema })
      .then(({ session, me }) => {
        totalRef.current = session.items;
        if (!me.assigned) setState({ phase: 'error', message: 'You are not a reviewer of this session.' });
        else void open(me.next ?? session.items);
      })
      .catch((e: Error) => setState({ phase: 'error', message: e.message }));
  }, [base, open]);

  const store = useCallback(
    async (position: number, skipped: boolean) => {
      setBusy(true);
      try {
        await apiFetch(`${base}/items/${position}`, { method: 'PUT', body: { labels: skipped ? [] : EDIT_LABELS.filter((l) => labels.has(l)), note, skipped } });
      } catch (e) {
        setBusy(false);
        setState({ phase: 'error', message: errorText(e) });
        return;
      }
      await open(position + 1);
    },
    [base, labels, note, open],
  );

  const position = state.phase === 'item' ? state.item.position : state.phase === 'done' ? state.total : null;

  const act = useCallback(
    (e: KeyboardEvent) => {
      if (isTypingTarget(e.target as HTMLElement | null)) {
        if (e.key === 'Escape') (e.target as HTMLElement).blur();
        return;
      }
      const action = reviewKeyAction(e);
      if (!action) return;
      if (rubric) {
        if (action.kind === 'close' || action.kind === 'rubric') {
          e.preventDefault();
          setRubric(false);
        }
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      if (busy || position === null) return;
      switch (action.kind) {
        case 'toggle':
          if (state.phase !== 'item') return;
          setLabels((s) => {
            const next = new Set(s);
            if (next.has(action.label)) next.delete(action.label);
            else next.add(action.label);
            return next;
          });
          return;
        case 'save':
        case 'skip':
          if (state.phase === 'item') void store(position, action.kind === 'skip');
          return;
        case 'back':
          if (position > 0) void open(position - 1);
          return;
        case 'note':
          if (state.phase === 'item') noteRef.current?.focus();
          return;
        case 'rubric':
          setRubric(true);
          return;
        case 'close':
          return;
      }
    },
    [busy, position, rubric, state.phase, store, open],
  );

  useEffect(() => {
    window.addEventListener('keydown', act, true);
    return () => window.removeEventListener('keydown', act, true);
  }, [act]);

  const total = totalRef.current;
  return (
    <div data-testid="review-screen" data-busy={busy ? 'true' : 'false'}>
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h1>{name}</h1>
        <button type="button" onClick={() => setRubric(true)} title="The rubric (key ?)">
          Rubric <kbd>?</kbd>
        </button>
      </div>
      {position !== null && (
        <div data-testid="review-progress" data-position={position} data-total={total}>
          <ProgressBar label={state.phase === 'done' ? `${total} of ${total} · done` : `${position + 1} of ${total}`} value={position} max={total} />
        </div>
      )}
      {state.phase === 'loading' && <p className="muted">Loading…</p>}
      {state.phase === 'error' && (
        <p className="panel" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'done' && (
        <div className="panel" data-testid="review-done">
          <p>All {state.total} edits have your labels or a skip. Press Backspace to go back to the last one.</p>
          <p>
            <Link href={`/review/${sessionId}/agreement`}>Agreement with the judge and the other reviewers</Link> ·{' '}
            <Link href="/review">All review sessions</Link>
          </p>
        </div>
      )}
      {state.phase === 'item' && (
        <>
          <p className="subtitle">
            Language: <span data-testid="review-language">{state.item.language ?? 'unknown'}</span>
            {state.item.mine?.skipped && <span className="muted"> · skipped before</span>}
          </p>
          <div role="group" aria-label="Labels" className="row" style={{ flexWrap: 'wrap', gap: '0.4rem', margin: '0.4rem 0' }}>
            {EDIT_LABELS.map((l) => (
              <button
                key={l}
                type="button"
                tabIndex={-1}
                aria-pressed={labels.has(l)}
                data-testid={`label-${l}`}
                style={labels.has(l) ? { background: 'var(--accent-soft)', borderColor: 'var(--accent)', fontWeight: 600 } : undefined}
                onClick={() =>
                  setLabels((s) => {
                    const next = new Set(s);
                    if (next.has(l)) next.delete(l);
                    else next.add(l);
                    return next;
                  })
                }
              >
                <kbd>{KEY_OF_LABEL[l]}</kbd> {LABEL_TITLES[l]}
              </button>
            ))}
          </div>
          <label style={{ display: 'block', margin: '0.4rem 0' }}>
            Note <kbd>n</kbd> (Esc leaves the field)
            <textarea
              ref={noteRef}
              data-testid="review-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              style={{ width: '100%' }}
            />
          </label>
          <div className="row" style={{ gap: '0.5rem', margin: '0.4rem 0 0.8rem' }}>
            <button type="button" tabIndex={-1} disabled={busy} onClick={() => void store(state.item.position, false)}>
              Save and next <kbd>Enter</kbd>
            </button>
            <button type="button" tabIndex={-1} disabled={busy} onClick={() => void store(state.item.position, true)}>
              Skip <kbd>s</kbd>
            </button>
            <button type="button" tabIndex={-1} disabled={busy || state.item.position === 0} onClick={() => void open(state.item.position - 1)}>
              Back <kbd>Backspace</kbd>
            </button>
          </div>
          <DiffViewer key={state.item.position} original={state.item.original} modified={state.item.modified} language={state.item.language} />
        </>
      )}
      {rubric && <RubricDialog onClose={() => setRubric(false)} />}
    </div>
  );
}
