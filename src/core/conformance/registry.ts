import type { CheckDefinition } from './check.js';
import { discoverChecks } from './checks/discover.js';
import { errorChecks } from './checks/errors.js';
import { httpChecks } from './checks/http.js';
import { listChecks } from './checks/lists.js';
import { resultChecks } from './checks/results.js';
import { stdioChecks } from './checks/stdio.js';
import { metaChecks, versionChecks } from './checks/version.js';

/** Every check, in the order they run (late checks are moved to the end by the runner). */
export const CHECKS: readonly CheckDefinition[] = [
  ...discoverChecks,
  ...versionChecks,
  ...metaChecks,
  ...listChecks,
  ...errorChecks,
  ...httpChecks,
  ...stdioChecks,
  ...resultChecks,
];
