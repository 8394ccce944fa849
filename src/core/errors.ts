/** A mistake in what the user gave us (flags, config, golden file): exit 2, with a location when there is one. */
export class ConfigurationError extends Error {
  readonly location?: { file: string; line?: number; column?: number };

  constructor(message: string, location?: { file: string; line?: number; column?: number }) {
    super(location ? `${formatLocation(location)}: ${message}` : message);
    this.name = 'ConfigurationError';
    this.location = location;
  }
}

export function formatLocation(location: { file: string; line?: number; column?: number }): string {
  return [location.file, location.line, location.column].filter((part) => part !== undefined).join(':');
}
