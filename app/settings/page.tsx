// /settings - the ingestion token (single-user) or personal API tokens (accounts) and how to stream a live run into Evoscope; the public-vs-private threshold; re-evaluation concurrency; the LLM judge's endpoint
import { headers } from 'next/headers';
import { EvaluationSettingsPanel } from '@/components/settings/EvaluationSettingsPanel';
import { LlmSettingsPanel } from '@/components/settings/LlmSettingsPanel';
import { ThresholdSettingPanel } from '@/components/settings/ThresholdSettingPanel';
import { TokenPanel } from '@/components/settings/TokenPanel';
import { getEvaluationSettings } from '@/lib/db/evaluationBatches';
import { getThresholdSetting } from '@/lib/db/generalization';
import { ingestToken } from '@/lib/db/settings';
import { ApiTokensPanel } from '@/components/auth/ApiTokensPanel';
import { pageActor } from '@/lib/http/auth/pageActor';
import { actorUser, can } from '@/lib/contracts/permissions';
import { listApiTokens } from '@/lib/db/apiTokens';
import Link from 'next/link';
import { llmSettingsView } from '@/lib/services/llmSettings';

export const metadata = { title: 'Settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage() {
  const actor = await pageActor();
  const user = actor && actorUser(actor);
  // Single-user: the instance's ingestion token, as always. With accounts: personal tokens (the
  // old token became the first owner's, listed there); instance settings are the owners'.
  const [token, tokens, threshold, evaluation, llm] = await Promise.all([
    actor?.kind === 'local' ? ingestToken() : null,
    user ? listApiTokens(user.id) : [],
    getThresholdSetting(),
    getEvaluationSettings(),
    llmSettingsView(),
  ]);
  const h = await headers();
  const origin = `${h.get('x-forwarded-proto') ?? 'http'}://${h.get('host') ?? 'localhost:3000'}`;
  const owner = actor !== null && can(actor, 'settings');
  return (
    <>
      <h1>Settings</h1>
      <p className="subtitle">
        A running search can stream its programs into Evoscope over HTTP while it runs; the run&apos;s pages update as programs
        arrive. Requests must carry a bearer token; anything else gets 401. Program records use the same fields as
        Evoscope&apos;s JSONL format (see the README).
      </p>
      {owner && (
        <p>
          <Link href="/settings/users">Users and roles</Link>
          {token !== null && <span className="muted"> (none yet: this Evoscope is single-user)</span>}
        </p>
      )}
      {token !== null ? <TokenPanel initialToken={token} origin={origin} /> : user ? <ApiTokensPanel initial={tokens} origin={origin} /> : null}
      {owner ? (
        <>
          <ThresholdSettingPanel initial={threshold} />
          <EvaluationSettingsPanel initial={evaluation} />
          <LlmSettingsPanel initial={llm} />
        </>
      ) : (
        <p className="muted">The instance settings (thresholds, re-evaluation, LLM judge) are changed by an owner.</p>
      )}
    </>
  );
}
