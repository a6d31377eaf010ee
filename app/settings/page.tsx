// /settings - the ingestion token and how to stream a live run into Evoscope; the public-vs-private threshold; re-evaluation concurrency; the LLM judge's endpoint
import { headers } from 'next/headers';
import { EvaluationSettingsPanel } from '@/components/settings/EvaluationSettingsPanel';
import { LlmSettingsPanel } from '@/components/settings/LlmSettingsPanel';
import { ThresholdSettingPanel } from '@/components/settings/ThresholdSettingPanel';
import { TokenPanel } from '@/components/settings/TokenPanel';
import { getEvaluationSettings } from '@/lib/db/evaluationBatches';
import { getThresholdSetting } from '@/lib/db/generalization';
import { ingestToken } from '@/lib/db/settings';
import { llmSettingsView } from '@/lib/llm/settings';

export const metadata = { title: 'Settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage() {
  const [token, threshold, evaluation, llm] = await Promise.all([ingestToken(), getThresholdSetting(), getEvaluationSettings(), llmSettingsView()]);
  const h = await headers();
  const origin = `${h.get('x-forwarded-proto') ?? 'http'}://${h.get('host') ?? 'localhost:3000'}`;
  return (
    <>
      <h1>Settings</h1>
      <p className="subtitle">
        A running search can stream its programs into Evoscope over HTTP while it runs; the run&apos;s pages update as programs
        arrive. Requests must carry this bearer token; anything else gets 401. Program records use the same fields as
        Evoscope&apos;s JSONL format (see the README).
      </p>
      <TokenPanel initialToken={token} origin={origin} />
      <ThresholdSettingPanel initial={threshold} />
      <EvaluationSettingsPanel initial={evaluation} />
      <LlmSettingsPanel initial={llm} />
    </>
  );
}
