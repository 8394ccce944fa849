import type { CheckDefinition } from './check.js';
import { discoverChecks } from './checks/discover.js';
import { errorChecks } from './checks/errors.js';
import { httpChecks } from './checks/http.js';
import { legacyChecks } from './checks/legacy.js';
import { listChecks } from './checks/lists.js';
import { paramHeaderChecks } from './checks/param-headers.js';
import { progressLoggingChecks } from './checks/progress-logging.js';
import { promptChecks } from './checks/prompts.js';
import { removedChecks } from './checks/removed.js';
import { resourceChecks } from './checks/resources.js';
import { resultChecks } from './checks/results.js';
import { stdioChecks } from './checks/stdio.js';
import { subscriptionChecks } from './checks/subscriptions.js';
import { metaChecks, versionChecks } from './checks/version.js';
import { toolChecks } from './checks/tools.js';

/** Every check, in the order they run (late checks are moved to the end by the runner). */
export const CHECKS: readonly CheckDefinition[] = [
  ...discoverChecks,
  ...versionChecks,
  ...metaChecks,
  ...listChecks,
  ...errorChecks,
  ...httpChecks,
  ...paramHeaderChecks,
  ...stdioChecks,
  ...resultChecks,
  ...toolChecks,
  ...resourceChecks,
  ...promptChecks,
  ...removedChecks,
  ...subscriptionChecks,
  ...progressLoggingChecks,
  ...legacyChecks,
];
