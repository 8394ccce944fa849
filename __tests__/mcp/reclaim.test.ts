import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { RECLAIM_AFTER_BYTES, reclaimAfter } from '../../src/core/mcp/reclaim.js';

/**
 * Issue 11 item 2: after RECLAIM_AFTER_BYTES of long server texts has been decoded, one full
 * collection runs after the current turn, and only then (V8's own collections are never forced).
 */
function forcedMajorCollections(): { count: () => number; stop: () => void } {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    count: () =>
      entries.filter((entry) => {
        const detail = entry.detail as { kind: number; flags: number };
        return detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR && (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0;
      }).length,
    stop: () => observer.disconnect(),
  };
}

// GC entries reach observers a loop turn after the collection, and a loaded machine makes that late.
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
async function until(condition: () => boolean): Promise<void> {
  for (const started = Date.now(); !condition() && Date.now() - started < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('reclaimAfter', () => {
  it('collects once per RECLAIM_AFTER_BYTES of huge text, after the turn that parsed it', async () => {
    const gcs = forcedMajorCollections();
    try {
      reclaimAfter(RECLAIM_AFTER_BYTES - 1);
      await settle();
      expect(gcs.count()).toBe(0);
      reclaimAfter(1);
      reclaimAfter(RECLAIM_AFTER_BYTES); // owed again within the same turn: still one collection
      expect(gcs.count()).toBe(0); // not during the turn: what it parsed is still referenced
      await until(() => gcs.count() > 0);
      await settle();
      expect(gcs.count()).toBe(1);
      reclaimAfter(RECLAIM_AFTER_BYTES / 2);
      await settle();
      expect(gcs.count()).toBe(1);
    } finally {
      gcs.stop();
    }
  });
});
