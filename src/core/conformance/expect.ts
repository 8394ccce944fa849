import { describeOutcome, errorOf, resultOf } from '../mcp/answer.js';
import type { Exchange, JsonObject } from '../mcp/types.js';
import { fail, pass, type Verdict } from './check.js';

export interface ErrorExpectation {
  /** Acceptable JSON-RPC error codes. */
  codes: number[];
  /** HTTP status the error must come with (checked on HTTP only). */
  status?: number;
  /** What the probe did, for the message: "tools/list with version 1900-01-01". */
  probe: string;
}

/** Undefined when the exchange carries one of the expected errors (with the right HTTP status), else why not. */
export function errorProblem(exchange: Exchange, expectation: ErrorExpectation): string | undefined {
  const codes = expectation.codes.join(' or ');
  const wanted = `${expectation.status !== undefined && exchange.transport === 'http' ? `HTTP ${expectation.status} with ` : ''}error ${codes}`;
  const error = errorOf(exchange);
  if (!error || !expectation.codes.includes(error.code)) return `${expectation.probe}: expected ${wanted}, got ${describeOutcome(exchange)}`;
  if (expectation.status !== undefined && exchange.transport === 'http' && exchange.response?.status !== expectation.status) {
    return `${expectation.probe}: error ${error.code} is right, but it came with HTTP ${exchange.response?.status}; expected ${expectation.status}`;
  }
  return undefined;
}

export function expectError(exchange: Exchange, expectation: ErrorExpectation): Verdict {
  const problem = errorProblem(exchange, expectation);
  return problem ? fail(problem) : pass(`${expectation.probe} → ${describeOutcome(exchange)}`);
}

/** Undefined when the exchange carries a success result, else why not. */
export function resultProblem(exchange: Exchange, probe: string): string | undefined {
  return resultOf(exchange) ? undefined : `${probe}: expected a result, got ${describeOutcome(exchange)}`;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isIntegerAtLeast0(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The request method an exchange was for, without a probe label. */
export function methodOf(exchange: Exchange): string {
  return exchange.request.method.replace(/ \(.*\)$/, '');
}

/** Exchanges in the log that answered a well-formed request with a result. */
export function resultsIn(exchanges: readonly Exchange[]): Array<{ exchange: Exchange; method: string; result: JsonObject }> {
  return exchanges.flatMap((exchange) => {
    const result = resultOf(exchange);
    // Probes with a label deliberately broke something; only results to well-formed requests are judged here.
    return result && !exchange.request.method.includes(' (') ? [{ exchange, method: methodOf(exchange), result }] : [];
  });
}
