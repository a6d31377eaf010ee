'use client';
// The comment box: Markdown text with @mention autocomplete. Typing "@" and a few letters lists
// matching team members (name or e-mail); ArrowUp/ArrowDown choose, Enter or Tab inserts
// "@email", Escape closes the list. Ctrl/Cmd+Enter sends.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { insertMention, matchPeople, mentionQuery, type Person } from './mentionComplete';

export function CommentComposer({
  people,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  people: Person[];
  initial?: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<{ start: number; options: Person[]; active: number } | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();

  const update = (value: string, caret: number) => {
    setText(value);
    const q = mentionQuery(value, caret);
    const options = q ? matchPeople(people, q.query) : [];
    setOpen(q && options.length ? { start: q.start, options, active: 0 } : null);
  };

  const insert = (p: Person) => {
    if (!open || !area.current) return;
    const next = insertMention(text, open.start, area.current.selectionStart, p);
    setText(next.text);
    setOpen(null);
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
  };

  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    const ok = await onSubmit(text);
    setBusy(false);
    if (ok && !initial) setText('');
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const n = open.options.length;
        setOpen({ ...open, active: (open.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n });
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        insert(open.options[open.active]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setOpen(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && onCancel) onCancel();
  };

  return (
    <div className="composer">
      <textarea
        ref={area}
        value={text}
        aria-label={submitLabel === 'Save' ? 'Edit comment' : 'New comment (Markdown)'}
        placeholder="Markdown: **bold**, *italic*, `code`, [link](https://...), @ to mention. Ctrl+Enter sends."
        data-testid="comment-input"
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={open !== null}
        aria-controls={listId}
        aria-autocomplete="list"
        onChange={(e) => update(e.target.value, e.target.selectionStart)}
        onKeyDown={onKey}
        onBlur={() => setTimeout(() => setOpen(null), 150)}
      />
      {open && (
        <ul className="mention-options" id={listId} role="listbox" aria-label="Mention a team member" data-testid="mention-options">
          {open.options.map((p, i) => (
            <li key={p.id} role="option" aria-selected={i === open.active} onMouseDown={(e) => (e.preventDefault(), insert(p))}>
              {p.name} <span className="muted">{p.email}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="row" style={{ gap: '0.4rem' }}>
        <button type="button" onClick={() => void send()} disabled={busy || !text.trim()} data-testid="comment-submit">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
