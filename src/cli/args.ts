import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigurationError } from '../core/errors.js';
import { didYouMean } from './suggest.js';

/** node:util parseArgs, with its errors turned into usage errors (exit 2). */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // node:util names the unknown option as '--name' (or '-x'); offer the nearest one this command has.
    const unknown = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'--([^'=]+)/.exec(message)?.[1] : undefined;
    throw new ConfigurationError(unknown === undefined ? message : `${message}${didYouMean(unknown, Object.keys(options), '--')}`);
  }
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new ConfigurationError(`${flag} must be a positive whole number, got "${value}"`);
  return parsed;
}
