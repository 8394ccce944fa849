import { createHash } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import type { Era } from '../mcp/types.js';

/*
 * The validators every run needs, compiled at build time (generate.mjs → standalone.ts) instead of by
 * ajv at each start, which cost about a third of a conformance run's CPU. Each is used only while the
 * schema file still has the content it was generated from; otherwise the caller compiles as before.
 * standalone.ts is a megabyte of code: loadPrecompiled() brings it in (a conformance run starts it
 * while its server starts, so the action's cold start does not parse it); until it has, the accessors
 * answer undefined and callers compile with ajv, which is slower but the same verdict.
 */

export type MetaDialect = '2020-12' | '2019-09' | 'draft-07';

/** What ajv's compile() and standalone code both give: a predicate that leaves its errors on itself. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

type Validators = Record<string, Validator>;

/** The schema files the spec validators come from, by era. */
export const SPEC_FILES: Record<Era, string> = { '2026-07-28': 'schema-2026-07-28.json', '2025-11-25': 'schema-2025-11-25.json' };

/**
 * A CommonJS module as require() returns it: Node's import gives module.exports, vitest and bundlers give
 * its `default` export when it declares __esModule (for these two, the function).
 */
function asRequired(imported: unknown): unknown {
  return typeof imported === 'function' ? { default: imported } : imported;
}

let standalone: typeof import('./standalone.js') | undefined;
let loading: Promise<void> | undefined;
let factories: Record<string, () => Record<string, unknown>> | undefined;
const groups = new Map<string, Validators>();

/** Loads the generated validators once; every caller that can wait for them awaits this first. */
export function loadPrecompiled(): Promise<void> {
  loading ??= import('./standalone.js').then((module) => {
    standalone = module;
  });
  return loading;
}

/**
 * One group of generated validators, built on first use (its patterns compile then: a 2026 run
 * never builds the 2025 group); undefined until loadPrecompiled() is done.
 */
function generated(group: string): Validators | undefined {
  if (!standalone) return undefined;
  let validators = groups.get(group);
  if (!validators) {
    if (!factories) {
      const { createValidators, REQUIRED } = standalone;
      const modules: Record<string, unknown> = {
        'ajv-formats/dist/formats': { fullFormats },
        'ajv/dist/runtime/equal': asRequired(equalModule),
        'ajv/dist/runtime/ucs2length': asRequired(ucs2lengthModule),
      };
      const missing = REQUIRED.filter((name) => !(name in modules));
      if (missing.length > 0) throw new Error(`validators/standalone.ts requires ${missing.join(', ')}: add it to precompiled.ts`);
      factories = createValidators(modules);
    }
    validators = factories[group]!() as Validators;
    groups.set(group, validators);
  }
  return validators;
}

/** Whether `text` is the content `file` (under schemas/) had when the validators were generated. */
export function isGeneratedFrom(file: string, text: string): boolean {
  const recorded = standalone?.SOURCE_HASHES[file];
  return recorded !== undefined && createHash('sha256').update(text).digest('hex') === recorded;
}

/** report.json's validator, when `schemaText` is the schema it was generated from. */
export function precompiledReport(schemaText: string): Validator | undefined {
  return isGeneratedFrom('report.schema.json', schemaText) ? generated('reportValidators')?.report : undefined;
}

/** The validator of `#/$defs/<definition>` of the era's spec schema, when generated from `schemaText` (only the definitions the checks use are). */
export function precompiledSpec(era: Era, definition: string, schemaText: string): Validator | undefined {
  const validators = generated(`spec${era.replaceAll('-', '')}Validators`);
  return validators !== undefined && Object.hasOwn(validators, definition) && isGeneratedFrom(SPEC_FILES[era], schemaText) ? validators[definition] : undefined;
}

/** The meta-schema validator of a dialect (ajv's own copies, fixed by its version), once loaded. */
export function precompiledMeta(dialect: MetaDialect): Validator | undefined {
  return generated(`meta${dialect.replaceAll('-', '')}Validators`)?.meta;
}
