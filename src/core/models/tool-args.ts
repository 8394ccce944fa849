import type { ToolCall } from './types.js';

/**
 * Turns what a model sent as a tool call's arguments into an object. A JSON object is used as is;
 * empty text means "no arguments"; anything else (invalid JSON, an array, a number) gives `{}`
 * and a `parseError` the agent loop reports as an invalid call.
 */
export function parseToolArguments(raw: unknown): Pick<ToolCall, 'arguments' | 'rawArguments' | 'parseError'> {
  if (raw === undefined || raw === null) return { arguments: {}, rawArguments: '' };
  if (typeof raw !== 'string') {
    // Some OpenAI-compatible servers send the object itself; Anthropic always does.
    const rawArguments = safeStringify(raw);
    if (isPlainObject(raw)) return { arguments: raw, rawArguments };
    return { arguments: {}, rawArguments, parseError: `tool arguments are ${describeJson(raw)}, not a JSON object` };
  }
  if (raw.trim() === '') return { arguments: {}, rawArguments: raw };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { arguments: {}, rawArguments: raw, parseError: `tool arguments are not valid JSON: ${(error as Error).message}` };
  }
  if (!isPlainObject(parsed)) return { arguments: {}, rawArguments: raw, parseError: `tool arguments are ${describeJson(parsed)}, not a JSON object` };
  return { arguments: parsed, rawArguments: raw };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** For APIs whose tool input is JSON itself (Anthropic `tool_use.input`): anything but an object is a parseError. */
export function parseToolInput(input: unknown): Pick<ToolCall, 'arguments' | 'rawArguments' | 'parseError'> {
  if (input === undefined || input === null) return { arguments: {}, rawArguments: '{}' };
  const rawArguments = safeStringify(input);
  if (isPlainObject(input)) return { arguments: input, rawArguments };
  return { arguments: {}, rawArguments, parseError: `tool input is ${describeJson(input)}, not a JSON object` };
}
