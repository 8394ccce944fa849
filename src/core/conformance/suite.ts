// What runs the checks once the server has answered, imported by runner.ts while the server starts:
// the check registry, the spec's schemas (ajv and the linear-time regex engine), the surface
// analysis. None of it is needed to write the first request, so a cold start parses none of it first
// (issue 12: the action's start to its first request; the CLI's wall time the same way).
export { CHECKS } from './registry.js';
export { CheckContext } from './context.js';
export { SpecSchemas } from './spec-schemas.js';
export { migrationNote } from './migration.js';
export { analyzeSurface } from '../surface/analyze.js';
export { collectDefinitions, surfaceListMethods } from '../surface/collect.js';
