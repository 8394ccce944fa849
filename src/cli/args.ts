import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigurationError } from '../core/errors.js';

/** node:util parseArgs, with its errors turned into usage errors (exit 2). */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw new ConfigurationError(error instanceof Error ? error.message : String(error));
  }
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new ConfigurationError(`${flag} must be a positive whole number, got "${value}"`);
  return parsed;
}
