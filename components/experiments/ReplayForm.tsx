'use client';
// Replay: re-send the program's stored prompt N times per chosen context variant, optionally
// to another model (EvoReplay's variants and the deletion history of §6).
import { useState } from 'react';
import { REPLAY_VARIANTS, type ReplayVariant } from '@/lib/contracts/interventionTypes';
import type { StartRequest } from './experimentClient';
import { VARIANT_TEXT } from './experimentLabels';

export function ReplayForm({ programId, busy, onStart }: { programId: string; busy: boolean; onStart: (req: StartRequest) => void }) {
  const [variants, setVariants] = useState<ReplayVariant[]>(['exact']);
  const [n, setN] = useState('8');
  const [model, setModel] = useState('');
  const [customSystem, setCustomSystem] = useState('');
  const [customUser, setCustomUser] = useState('');
  const nn = Number(n);
  const nOk = Number.isInteger(nn) && nn >= 1 && nn <= 64;
  const custom = variants.includes('custom');
  const customOk = !custom || customSystem.trim() !== '' || customUser.trim() !== '';
  const ready = variants.length > 0 && nOk && customOk && !busy;
  return (
    <form
      data-testid="replay-form"
      aria-label="Replay"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onStart({
          kind: 'replay',
          programId,
          params: {
            n: nn,
            variants,
            ...(model.trim() ? { model: model.trim() } : {}),
            ...(custom && customSystem.trim() ? { customSystem } : {}),
            ...(custom && customUser.trim() ? { customUser } : {}),
          },
        });
      }}
    >
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="muted">Context variants</legend>
        {REPLAY_VARIANTS.map((v) => (
          <label key={v} style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={variants.includes(v)}
              onChange={(e) => setVariants((vs) => (e.target.checked ? REPLAY_VARIANTS.filter((x) => x === v || vs.includes(x)) : vs.filter((x) => x !== v)))}
            />{' '}
            {VARIANT_TEXT[v]}
          </label>
        ))}
      </fieldset>
      {custom && (
        <div className="form-grid" style={{ marginTop: '0.5rem' }}>
          <label htmlFor="replay-custom-system">Custom system prompt</label>
          <textarea id="replay-custom-system" rows={3} value={customSystem} onChange={(e) => setCustomSystem(e.target.value)} />
          <label htmlFor="replay-custom-user">Custom user prompt</label>
          <textarea id="replay-custom-user" rows={4} value={customUser} onChange={(e) => setCustomUser(e.target.value)} />
        </div>
      )}
      <div className="row" style={{ marginTop: '0.5rem' }}>
        <label>
          Trials per variant{' '}
          <input type="number" min={1} max={64} value={n} onChange={(e) => setN(e.target.value)} style={{ width: '5rem' }} aria-invalid={!nOk || undefined} />
        </label>
        <label>
          Model{' '}
          <input value={model} onChange={(e) => setModel(e.target.value)} placeholder="the configured model" size={22} />
        </label>
        <button type="submit" disabled={!ready}>
          Start replay
        </button>
        {!customOk && <span className="error">The custom variant needs a system or a user prompt.</span>}
      </div>
    </form>
  );
}
