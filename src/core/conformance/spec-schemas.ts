import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Era } from '../mcp/types.js';
import { schemasDir } from '../paths.js';
import { precompiledSpec, SPEC_FILES, type Validator } from '../validators/precompiled.js';
import { linearEngine } from './linear-regex.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

/** Which definition a successful answer to each method must match, per era (validators/generate.mjs precompiles these). */
export const RESULT_DEFINITIONS: Record<string, string> = {
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

/**
 * The spec's own JSON Schemas (vendored, unchanged), one validator per definition on demand: the one
 * generated at build time (validators/precompiled.ts) while the file is unchanged, else compiled here.
 */
export class SpecSchemas {
  private readonly ajv = new Map<Era, Ajv2020>();
  private readonly compiled = new Map<string, Validator>();
  private readonly texts = new Map<Era, string>();

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

  private compile(era: Era, definition: string): Validator | undefined {
    const key = `${era}#${definition}`;
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const validate = precompiledSpec(era, definition, this.text(era)) ?? this.instance(era).getSchema(`${schemaId(era)}#/$defs/${definition}`);
    if (validate) this.compiled.set(key, validate);
    return validate;
  }

  private instance(era: Era): Ajv2020 {
    let ajv = this.ajv.get(era);
    if (!ajv) {
      // The spec's patterns run on server strings: on the linear-time engine, like the server's own.
      ajv = new Ajv2020({ strict: false, allErrors: true, code: { regExp: linearEngine() } });
      addFormats(ajv);
      const schema = JSON.parse(this.text(era)) as Record<string, unknown>;
      ajv.addSchema({ ...schema, $id: schemaId(era) });
      this.ajv.set(era, ajv);
    }
    return ajv;
  }

  private text(era: Era): string {
    let text = this.texts.get(era);
    if (text === undefined) {
      text = readFileSync(`${schemasDir()}/${SPEC_FILES[era]}`, 'utf8');
      this.texts.set(era, text);
    }
    return text;
  }
}

function schemaId(era: Era): string {
  return `urn:mcp-evals:spec:${era}`;
}
