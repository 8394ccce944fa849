import { RE2JS } from 're2js';

/*
 * Every regular expression that comes from the server (schema `pattern`, `patternProperties`, and our
 * argument synthesis) runs here, on RE2 semantics: matching is linear in the input, so a pattern such
 * as `^(a+)+$` cannot pin the CPU. A pattern that RE2 cannot run (lookaround, backreferences) is
 * refused rather than run on the backtracking engine; the caller turns the refusal into a finding.
 */

export interface LinearRegex {
  /** Unanchored search, as JSON Schema's `pattern` is. */
  test(text: string): boolean;
}

/** The pattern is valid ECMA-262, but needs backtracking (lookaround, backreference) RE2 refuses. */
export class RegexRefused extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern.length > 200 ? `${pattern.slice(0, 200)}…` : pattern)} cannot run on a linear-time (RE2) engine: ${reason}`);
    this.name = 'RegexRefused';
  }
}

const cache = new Map<string, LinearRegex>();
const CACHE_LIMIT = 500;

/**
 * Compiles an ECMA-262 pattern for linear-time matching. Throws the platform's SyntaxError when the
 * pattern is not ECMA-262 at all (with `unicode`, under the `u` flag), and RegexRefused when it is
 * valid but cannot run in linear time.
 */
export function compileLinear(pattern: string, unicode = true): LinearRegex {
  const key = `${unicode ? 'u' : '-'}${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // Only the syntax check uses the native engine: compiling does not backtrack, matching would.
  new RegExp(pattern, unicode ? 'u' : '');
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new RegexRefused(pattern, error instanceof Error ? error.message : String(error));
  }
  const compiled: LinearRegex = { test: (text) => re2.test(text) };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return compiled;
}

/** compileLinear, or undefined when the pattern is invalid or refused (for callers that only try). */
export function tryLinear(pattern: string): LinearRegex | undefined {
  for (const unicode of [true, false]) {
    try {
      return compileLinear(pattern, unicode);
    } catch (error) {
      if (error instanceof RegexRefused) return undefined;
    }
  }
  return undefined;
}

/** ajv's `code.regExp` engine type (options.code.regExp): a factory with a `code` name for standalone output. */
export interface AjvRegExpEngine {
  (pattern: string, u: string): { test: (text: string) => boolean; toString(): string };
  code: string;
}

/**
 * An engine for ajv's `code.regExp` option. A refused pattern does not stop compilation: it
 * becomes a pattern that accepts everything, and `onRefused` hears about it, so that the rest of the
 * schema is still checked and the caller reports what was not.
 */
export function linearEngine(onRefused?: (refusal: RegexRefused) => void): AjvRegExpEngine {
  const engine = (pattern: string, u: string) => {
    let regex: LinearRegex;
    try {
      regex = compileLinear(pattern, u.includes('u'));
    } catch (error) {
      if (!(error instanceof RegexRefused)) throw error;
      onRefused?.(error);
      regex = { test: () => true };
    }
    // ajv keys its compiled patterns by toString(): it must differ per pattern and flags.
    return { test: (text: string) => regex.test(text), toString: () => `/${pattern}/${u} (re2)` };
  };
  return Object.assign(engine, { code: 'mcp-evals/linear-regex' });
}

/**
 * The engine the build-time validators (validators/standalone.ts) use: their patterns are ours or
 * the spec's, known to compile, so each compiles on its first test instead of when its group is
 * built (re2js takes 3–10 ms a pattern, cold, and most are never tested in a run).
 */
export function lazyLinearEngine(): AjvRegExpEngine {
  const engine = (pattern: string, u: string) => {
    let regex: LinearRegex | undefined;
    return { test: (text: string) => (regex ??= compileLinear(pattern, u.includes('u'))).test(text), toString: () => `/${pattern}/${u} (re2)` };
  };
  return Object.assign(engine, { code: 'mcp-evals/linear-regex' });
}
