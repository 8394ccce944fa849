// Fallback CPU / peak-RSS probe for bench/conformance.mjs, used only when GNU time
// (/usr/bin/time) is missing. Node cannot read a child's rusage after wait(), so instead the
// measured process itself is started with `node --import <this file>` and reports its own
// figures as it exits. Both tools being benchmarked are Node processes, so one hook serves both.
//
// process.resourceUsage() covers the whole process lifetime (startup included) and maxRSS is
// the kernel's high-water mark, so the figures match what GNU time would print within noise;
// what it cannot see is a process killed by a signal (no 'exit' event), which the caller treats
// as "not measured".
import { writeFileSync } from 'node:fs';

const target = process.env.MCP_EVALS_BENCH_RUSAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    // Same shape as the GNU time format the caller parses: user s, sys s, max RSS KiB.
    writeFileSync(target, JSON.stringify({
      userS: usage.userCPUTime / 1e6,
      sysS: usage.systemCPUTime / 1e6,
      maxRssKiB: usage.maxRSS,
    }));
  });
}
