import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Era } from '../mcp/types.js';
import { schemasDir } from '../paths.js';
import { linearEngine } from './linear-regex.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

const FILES: Record<Era, string> = {
  '2026-07-28': 'schema-2026-07-28.json',
  '2025-11-25': 'schema-2025-11-25.json',
};

/** Which definition a successful answer to each method must match, per era. */
const RESULT_DEFINITIONS: Record<string, string> = {
  'server/discover': 'DiscoverResult',
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

/** The spec's own JSON Schemas (vendored, unchanged), compiled once per definition on demand. */
export class SpecSchemas {
  private readonly ajv = new Map<Era, Ajv2020>();
  private readonly compiled = new Map<string, ValidateFunction>();

  /** Errors (empty when valid) of `value` against `#/$defs/<definition>` of the era's schema. */
  validate(era: Era, definition: string, value: unknown): string[] {
    const validate = this.compile(era, definition);
    if (!validate) return [`the ${era} schema has no definition ${definition}`];
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 8).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`);
  }

  has(era: Era, definition: string): boolean {
    return this.compile(era, definition) !== undefined;
  }

  /** The definition a method's successful result must match, or undefined for methods we do not know. */
  resultDefinition(era: Era, method: string, result: { resultType?: unknown }): string | undefined {
    // Branch on resultType first: the spec's *ResultResponse unions accept any object with a resultType.
    if (era === '2026-07-28' && result.resultType === 'input_required') return 'InputRequiredResult';
    const definition = RESULT_DEFINITIONS[method];
    return definition && this.has(era, definition) ? definition : undefined;
  }

  private compile(era: Era, definition: string): ValidateFunction | undefined {
    const key = `${era}#${definition}`;
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const ajv = this.instance(era);
    const validate = ajv.getSchema(`${schemaId(era)}#/$defs/${definition}`);
    if (validate) this.compiled.set(key, validate);
    return validate;
  }

  private instance(era: Era): Ajv2020 {
    let ajv = this.ajv.get(era);
    if (!ajv) {
      // The spec's patterns run on server strings: on the linear-time engine, like the server's own.
      ajv = new Ajv2020({ strict: false, allErrors: true, code: { regExp: linearEngine() } });
      addFormats(ajv);
      const schema = JSON.parse(readFileSync(`${schemasDir()}/${FILES[era]}`, 'utf8')) as Record<string, unknown>;
      ajv.addSchema({ ...schema, $id: schemaId(era) });
      this.ajv.set(era, ajv);
    }
    return ajv;
  }
}

function schemaId(era: Era): string {
  return `urn:mcp-evals:spec:${era}`;
}
