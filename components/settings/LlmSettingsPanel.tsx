'use client';
// The LLM judge's endpoint (any OpenAI-compatible server), its limits and prices, and a
// "Test connection" that sends one tiny request with the form's values (unsaved). The API key
// field is write-only: it starts empty; leaving it empty keeps the stored key. Fields set by
// the environment (EVOSCOPE_LLM_*) are shown read-only.
import { useState, type FormEvent, type ReactNode } from 'react';
import { llmSettingsViewSchema, llmTestResultSchema, type LlmSettingsView, type LlmTestResult } from '@/lib/contracts/api/llmSettings';
import { TRUNCATION_RULE } from '@/lib/analysis/taxonomy/rubric';
import { apiFetch, errorText } from '../ui/apiFetch';
import { formFromView, inputFromForm, type LlmForm } from './llmSettingsForm';
import { SaveRow, type SaveMessage } from './SaveRow';


const ENV_NAMES = { baseUrl: 'EVOSCOPE_LLM_BASE_URL', apiKey: 'EVOSCOPE_LLM_API_KEY', model: 'EVOSCOPE_LLM_MODEL' } as const;

export function LlmSettingsPanel({ initial }: { initial: LlmSettingsView }) {
  const [view, setView] = useState(initial);
  const [form, setForm] = useState<LlmForm>(() => formFromView(initial));
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<LlmTestResult | { ok: false; error: string } | null>(null);
  const set = (k: keyof LlmForm) => (e: { target: { value: string; checked?: boolean } }) =>
    setForm((f) => ({ ...f, [k]: k === 'forgetKey' ? Boolean(e.target.checked) : e.target.value }));
  const body = () => inputFromForm(form, view.fromEnv);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let next: LlmSettingsView;
    try {
      next = await apiFetch('/api/settings/llm', { method: 'PUT', body: body(), schema: llmSettingsViewSchema });
    } catch (err) {
      return setMessage({ ok: false, text: errorText(err) });
    }
    setView(next);
    setForm(formFromView(next));
    setMessage({ ok: true, text: next.configured ? 'Saved.' : 'Saved. The LLM judge stays off until a base URL and a model are set.' });
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(await apiFetch('/api/settings/llm/test', { method: 'POST', body: body(), schema: llmTestResultSchema }));
    } catch (err) {
      setTest({ ok: false, error: errorText(err) });
    } finally {
      setTesting(false);
    }
  };

  const envNote = (k: keyof typeof ENV_NAMES) => (view.fromEnv[k] ? <span className="muted"> (set by {ENV_NAMES[k]})</span> : null);
  const field = (id: string, label: ReactNode, k: keyof LlmForm, extra: Record<string, unknown> = {}) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={String(form[k])} onChange={set(k)} {...extra} />
    </>
  );
  return (
    <section className="panel" style={{ marginTop: '1rem' }} data-testid="llm-settings">
      <h2 style={{ marginTop: 0 }}>LLM judge</h2>
      <p className="muted">
        Any OpenAI-compatible endpoint (a hosted API, vLLM, Ollama, llama.cpp&apos;s server) labels edits with the nine edit types: one
        request per edit at temperature 0, answers cached by diff, rubric version and model, so judging the same edits again costs
        nothing. The API key is stored on the server and never sent back to the browser. {TRUNCATION_RULE}
      </p>
      {view.problem && (
        <p className="alert" role="alert">
          {view.problem}
        </p>
      )}
      <form className="form-grid" onSubmit={submit} aria-label="LLM judge settings">
        <label htmlFor="llm-base-url">Base URL{envNote('baseUrl')}</label>
        <input id="llm-base-url" type="text" value={form.baseUrl} onChange={set('baseUrl')} disabled={view.fromEnv.baseUrl} placeholder="http://localhost:11434/v1" />
        <label htmlFor="llm-model">Model{envNote('model')}</label>
        <input id="llm-model" type="text" value={form.model} onChange={set('model')} disabled={view.fromEnv.model} placeholder="gpt-4o-mini" />
        <label htmlFor="llm-api-key">API key{envNote('apiKey')}</label>
        <div className="row">
          <input
            id="llm-api-key"
            type="password"
            autoComplete="new-password"
            value={form.apiKey}
            onChange={set('apiKey')}
            disabled={view.fromEnv.apiKey || form.forgetKey}
            placeholder={view.hasApiKey ? 'stored (leave empty to keep it)' : 'none (a local server needs none)'}
          />
          {view.hasApiKey && !view.fromEnv.apiKey && (
            <label>
              <input type="checkbox" checked={form.forgetKey} onChange={set('forgetKey')} /> Forget the stored key
            </label>
          )}
        </div>
        {field('llm-timeout', 'Timeout per request (s)', 'timeoutSeconds', { inputMode: 'decimal' })}
        {field('llm-retries', 'Retries (429, 5xx, timeouts, invalid answers)', 'maxRetries', { inputMode: 'numeric' })}
        {field('llm-concurrency', 'Requests at once', 'concurrency', { inputMode: 'numeric' })}
        {field('llm-max-edits', 'Budget: edits per batch', 'maxEdits', { inputMode: 'numeric', placeholder: 'no cap' })}
        {field('llm-max-tokens', 'Budget: tokens per batch', 'maxTokens', { inputMode: 'numeric', placeholder: 'no cap' })}
        {field('llm-max-cost', 'Budget: cost per batch (USD)', 'maxCostUsd', { inputMode: 'decimal', placeholder: 'no cap' })}
        {field('llm-price-in', 'Price per million input tokens (USD)', 'inputPerMTok', { inputMode: 'decimal' })}
        {field('llm-price-out', 'Price per million output tokens (USD)', 'outputPerMTok', { inputMode: 'decimal' })}
        <span />
        <div className="row">
          <SaveRow label="Save LLM settings" message={message} />
          <button type="button" onClick={runTest} disabled={testing}>
            {testing ? 'Testing…' : 'Test connection'}
          </button>
        </div>
        <span />
        <div data-testid="llm-test-result" aria-live="polite">
          {test?.ok === true && (
            <span className="ok" role="status">
              {test.model} answered in {test.latencyMs} ms: <code>{test.answer}</code>
            </span>
          )}
          {test?.ok === false && (
            <span className="error" role="alert">
              Connection failed: {test.error}
            </span>
          )}
          {test && 'note' in test && test.note && <span className="muted"> ({test.note})</span>}
        </div>
      </form>
    </section>
  );
}
