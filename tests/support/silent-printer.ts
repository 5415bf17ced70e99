import { listenLoopback } from './loopback-tcp'

/** A "printer" on loopback that takes the connection and every byte, and never says a word: a hung or wrong device at the address. */
export async function startSilentPrinter(): Promise<{ host: string; port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0
  const server = await listenLoopback((socket) => socket.on('data', (chunk: Buffer) => (received += chunk.length)))
  return { host: server.host, port: server.port, received: () => received, close: server.close }
}
