/** Keeps secrets out of every record: reports, logs, artifacts and PR comments all start from these. */

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$|token|secret|key/i;

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADER.test(name) ? '[redacted]' : value;
  return out;
}

/** Replaces every occurrence of the given secret values (API keys from the environment) in a text. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  return out;
}
