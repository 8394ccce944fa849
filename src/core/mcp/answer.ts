import type { Exchange, JsonObject, JsonRpcError } from './types.js';

/** The JSON-RPC result object of an exchange, when the server sent one. */
export function resultOf(exchange: Exchange): JsonObject | undefined {
  const result = exchange.response?.answer?.result;
  return result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as JsonObject) : undefined;
}

/** The JSON-RPC error of an exchange, when the server sent one (shape not yet validated). */
export function errorOf(exchange: Exchange): JsonRpcError | undefined {
  const error = exchange.response?.answer?.error;
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  return { code: typeof code === 'number' ? code : Number.NaN, message: typeof message === 'string' ? message : '', data };
}

export function statusOf(exchange: Exchange): number | undefined {
  return exchange.response?.status;
}

/** One line a person can read: what came back. */
export function describeOutcome(exchange: Exchange): string {
  if (exchange.failure) return exchange.failure;
  const parts: string[] = [];
  if (exchange.response?.status !== undefined) parts.push(`HTTP ${exchange.response.status}`);
  const error = errorOf(exchange);
  const result = resultOf(exchange);
  if (error) parts.push(`error ${error.code}${error.message ? ` "${truncate(error.message, 80)}"` : ''}`);
  else if (result) parts.push(`result${typeof result.resultType === 'string' ? ` (resultType ${result.resultType})` : ''}`);
  else if (exchange.response?.answer) parts.push('a response with neither result nor error');
  else parts.push('no JSON-RPC answer');
  return parts.join(', ');
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
