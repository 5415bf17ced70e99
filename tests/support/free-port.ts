import { createServer } from 'node:net'

/** A loopback port nothing listens on now (taken, then given back): a closed door, or an address to start a server on again. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
