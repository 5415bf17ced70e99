import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { testCardSchema } from '../../contract/checkout-channels'
import type { NexoTerminal } from './nexo-terminal'
import type { TerminalLedger } from './terminal-ledger'

/**
 * The training controls of the simulated terminal, beside the sales-flow API
 * (the terminal itself speaks only the Terminal API, on its own HTTPS port):
 * what a training customer does at the terminal, and what trainers and tests
 * read back from its journal.
 *
 *   POST /terminal/v0/card           { card }     the card the next customer presents
 *   POST /terminal/v0/network        { online }   plug the terminal out of the network, or back in
 *   GET  /terminal/v0/transactions                every payment it finished
 *
 * A sandbox with more than one terminal (`--terminals`) has each further one's controls under
 * /terminal/v0/<its POIID>/ (card, network); transactions lists every terminal's.
 *
 * Every request needs a bearer token from the sandbox's token endpoint with the
 * `payment` scope, like every API route: 401 otherwise, and nothing changed.
 */
const cardSchema = z.object({ card: testCardSchema }).strict()
const networkSchema = z.object({ online: z.boolean() }).strict()

export function terminalRoutes(
  app: FastifyInstance,
  terminal: NexoTerminal,
  ledger: TerminalLedger,
  /** Throws the API's 401/403 unless the request carries a valid token with the payment scope. */
  authorize: (request: FastifyRequest) => void,
  /** Where this terminal's controls are: /terminal/v0 for the first, /terminal/v0/<POIID> for any other. */
  prefix = '/terminal/v0',
): void {
  const invalid = (message: string | undefined) => ({ errorCode: 'terminal.request.invalid', message: message ?? 'invalid request' })

  app.post(`${prefix}/card`, (request, reply) => {
    authorize(request)
    const body = cardSchema.safeParse(request.body)
    if (!body.success) return reply.code(400).send(invalid(body.error.issues[0]?.message))
    terminal.present(body.data.card)
    return { card: body.data.card }
  })

  app.post(`${prefix}/network`, (request, reply) => {
    authorize(request)
    const body = networkSchema.safeParse(request.body)
    if (!body.success) return reply.code(400).send(invalid(body.error.issues[0]?.message))
    terminal.setOffline(!body.data.online)
    return { online: body.data.online }
  })

  app.get(`${prefix}/transactions`, (request) => {
    authorize(request)
    return {
      transactions: ledger.all().map(({ response: _response, ...transaction }) => transaction),
    }
  })
}
