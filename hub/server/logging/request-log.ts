import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * One line per request, when it is answered (method, path, status, time taken), where fastify writes
 * two (incoming and completed): a venue's devices heartbeat every 15 s each, and the journal keeps
 * every line. An errored request is still written at error level with its error, as fastify does.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }
    if (error) reply.log.error({ ...fields, err: error }, 'request errored')
    else reply.log.info(fields, 'request completed')
  }
}
