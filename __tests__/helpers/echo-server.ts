import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The hostile server that echoes every credential it is given (see the fixture's header). */
export const ECHO_SERVER = fileURLToPath(new URL('../fixtures/servers/echo-secrets-server.mjs', import.meta.url));

/** A port nothing listens on right now, for a server that `--start` launches on a fixed port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
