import { createServer, type Socket } from 'node:net'

export interface LoopbackServer {
  host: string
  port: number
  /** Drops every connection and stops listening. */
  close: () => Promise<void>
}

/**
 * A TCP server on loopback for the test printers (ESC/POS, Boca FGL, a silent
 * device): it keeps its connections so closing it drops them all, and a
 * client that hangs up mid-write is no error of the printer's.
 */
export async function listenLoopback(onConnection: (socket: Socket) => void): Promise<LoopbackServer> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    onConnection(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    host: '127.0.0.1',
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
