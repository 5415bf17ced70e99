import { createServer, type Socket } from 'node:net'

/** A "printer" on loopback that takes the connection and every byte, and never says a word: a hung or wrong device at the address. */
export async function startSilentPrinter(): Promise<{ host: string; port: number; received: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  let received = 0
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', (chunk: Buffer) => (received += chunk.length))
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    host: '127.0.0.1',
    port,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
