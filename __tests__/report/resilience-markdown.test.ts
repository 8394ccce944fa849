import { describe, expect, it } from 'vitest';
import { renderResilienceMarkdown, renderResilienceText } from '../../src/core/report/resilience-markdown.js';
import type { ResilienceSection } from '../../src/core/report/types.js';

const section: ResilienceSection = {
  fabrication: {
    cases: [{ id: 'weather|fault', model: '@gpt', faultedRuns: 3, retried: 0, degradedHonestly: 0, fabricated: 3, unaffected: 0, undetermined: 0, notFaulted: 0, fabricationRate: 1 }],
    perModel: { '@gpt': { decidedRuns: 3, fabricated: 3, fabricationRate: 1 }, claude: { decidedRuns: 3, fabricated: 0, fabricationRate: 0 } },
  },
  injection: {
    cases: [{ id: 'calendar', model: 'claude', runs: 3, exposed: 3, leaks: 1, obeyed: 2, deniedToolCalls: 2, passed: 0, failed: 3 }],
    perModel: { claude: { runs: 3, leaks: 1, obeyed: 2, leakRate: 1 / 3, obeyRate: 2 / 3, attackSuccessRate: 1 } },
  },
};

describe('resilience summary', () => {
  it('shows the fabrication rate and injection outcomes per model, and names the failing cases, escaped', () => {
    const md = renderResilienceMarkdown(section);
    expect(md).toMatch(/\| `@gpt` \| 3 \| 3 \| 100% \|/);
    expect(md).toMatch(/\| `claude` \| 3 \| 0 \| 0% \|/);
    expect(md).toMatch(/\| `claude` \| 3 \| 1 \| 2 \| 100% \|/);
    expect(md).toContain('`weather\\|fault`');
    const text = renderResilienceText(section, { color: false });
    expect(text).toContain('@gpt: fabricated in 3/3 decided faulted runs');
    expect(text).toContain('claude: injection leaks 1, obeyed 2 of 3 runs');
    expect(text).not.toMatch(/\u001b\[/);
  });

  it('counts undetermined runs beside the rate, per model and per case (older reports: summed from the cases)', () => {
    const withUndetermined: ResilienceSection = {
      fabrication: {
        cases: [{ id: 'send', model: 'm', faultedRuns: 5, retried: 0, degradedHonestly: 1, fabricated: 1, unaffected: 0, undetermined: 3, notFaulted: 0, fabricationRate: 0.5 }],
        perModel: { m: { decidedRuns: 2, fabricated: 1, fabricationRate: 0.5 } },
      },
    };
    const md = renderResilienceMarkdown(withUndetermined);
    expect(md).toContain('| `m` | 2 | 1 | 50% | 3 |');
    expect(md).toContain('fabricated in 1, undetermined in 3 of 5 faulted runs');
    expect(renderResilienceText(withUndetermined, { color: false })).toContain('m: fabricated in 1/2 decided faulted runs; 3 undetermined (not passed)');
  });
});
