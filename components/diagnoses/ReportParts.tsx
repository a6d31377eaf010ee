// The four parts of a diagnosis (the seed's Hypothesis / Experiment / Verdict / Direction), each
// rendered from its Markdown with every measured number linked to the tool call that measured it
// (#call-N) or marked unverified when no tool result holds it (claimLinks.ts). Claims whose number
// is not in the text are listed under the parts, so none is lost.
import { Markdown } from '../comments/Markdown';
import { REPORT_PARTS, type DiagnosisReport } from '@/lib/trace/diagnosis';
import { callAnchor, claimLinker, unplacedClaims } from './claimLinks';
import { PART_TITLES } from './reportModel';
import type { ReactNode } from 'react';

function ClaimNumber({ value, toolCallIdx, keyName }: { value: string; toolCallIdx: number | null; keyName: string }): ReactNode {
  if (toolCallIdx === null) {
    return (
      <mark key={keyName} className="claim claim-unverified" data-testid="claim-unverified" title="found in no tool result: unverified">
        {value} <small>(unverified)</small>
      </mark>
    );
  }
  return (
    <a key={keyName} className="claim" data-testid="claim-link" href={`#${callAnchor(toolCallIdx)}`} title={`measured by tool call ${toolCallIdx}`}>
      <mark>{value}</mark>
    </a>
  );
}

export function ReportParts({ report }: { report: DiagnosisReport }) {
  const lost = unplacedClaims(report.claims, report);
  return (
    <div data-testid="diagnosis-report">
      {REPORT_PARTS.map((part) => {
        const link = claimLinker(report.claims, part);
        const text = report[part].trim();
        return (
          <section key={part} aria-labelledby={`part-${part}`} data-testid={`report-${part}`}>
            <h2 id={`part-${part}`}>{PART_TITLES[part]}</h2>
            {text ? (
              <Markdown
                source={text}
                renderText={(t, k) => link(t).map((s, i) => (s.claim ? <ClaimNumber key={`${k}.${i}`} keyName={`${k}.${i}`} value={s.text} toolCallIdx={s.claim.toolCallIdx} /> : s.text))}
              />
            ) : (
              <p className="muted">The report has no {PART_TITLES[part].toLowerCase()}.</p>
            )}
          </section>
        );
      })}
      {lost.length > 0 && (
        <>
          <h3>Numbers claimed but not found in their part</h3>
          <ul>
            {lost.map((c, i) => (
              <li key={i}>
                {PART_TITLES[c.part]}: <ClaimNumber keyName={`lost.${i}`} value={c.value} toolCallIdx={c.toolCallIdx} /> — {c.text}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
