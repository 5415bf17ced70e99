import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { TerminalConflict, type TerminalLedger } from './terminal-ledger'
import { testCardNames, type TestCard } from './test-cards'

/**
 * The sandbox payment terminal over HTTP, beside the sales-flow API (the
 * training backend stands in for the venue's card terminal too). Shaped like
 * the cloud terminal APIs Foyer will meet (Adyen Terminal API, Stripe
 * Terminal): a payment request carries the client's idempotency key; a lost
 * answer is followed by a status request for that key; refunds by key.
 *
 *   POST /terminal/v0/payments              { idempotencyKey, amount: { value (cents), currency }, testCard }
 *   GET  /terminal/v0/payments/:key         the payment, or 404
 *   POST /terminal/v0/payments/:key/refund  refund an approved payment (idempotent)
 *   GET  /terminal/v0/payments              every payment (training reports, tests)
 *
 * Every request needs a bearer token from the sandbox's token endpoint (the
 * `payment` scope), like every API route: 401 otherwise, and nothing charged.
 *
 * Test card `timeout` takes the payment and answers 504, as a terminal whose
 * answer was lost; `unreachable` answers 503 and takes nothing.
 */
const paymentSchema = z
  .object({
    idempotencyKey: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/),
    amount: z.object({ value: z.number().int().positive().max(100_000_000), currency: z.string().regex(/^[A-Z]{3}$/) }).strict(),
    testCard: z.enum(testCardNames as [TestCard, ...TestCard[]]),
  })
  .strict()

const keyParam = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/)

export function terminalRoutes(
  app: FastifyInstance,
  ledger: TerminalLedger,
  now: () => number,
  /** Throws the API's 401/403 unless the request carries a valid token with the payment scope. */
  authorize: (request: FastifyRequest) => void,
): void {
  const fail = (status: number, errorCode: string, message: string) => ({ status, body: { errorCode, message } })

  // Each route checks the token first: an unauthenticated request reads nothing and charges nothing.
  app.post('/terminal/v0/payments', (request, reply) => {
    authorize(request)
    const body = paymentSchema.safeParse(request.body)
    if (!body.success) {
      const { status, body: error } = fail(400, 'terminal.request.invalid', body.error.issues[0]?.message ?? 'invalid payment request')
      return reply.code(status).send(error)
    }
    const { idempotencyKey, amount, testCard } = body.data
    if (testCard === 'unreachable') return reply.code(503).send({ errorCode: 'terminal.unreachable', message: 'The terminal is not answering' })
    try {
      const payment = ledger.pay(idempotencyKey, amount.value, amount.currency, testCard, now())
      if (testCard === 'timeout') return reply.code(504).send({ errorCode: 'terminal.timeout', message: 'The terminal did not answer in time' })
      return payment
    } catch (error) {
      if (error instanceof TerminalConflict) return reply.code(409).send({ errorCode: 'terminal.key.conflict', message: error.message })
      throw error
    }
  })

  app.get('/terminal/v0/payments/:key', (request, reply) => {
    authorize(request)
    const key = keyParam.safeParse((request.params as { key: string }).key)
    const payment = key.success ? ledger.get(key.data) : null
    if (!payment) return reply.code(404).send({ errorCode: 'terminal.payment.not-found', message: 'No payment with that key' })
    return payment
  })

  app.post('/terminal/v0/payments/:key/refund', (request, reply) => {
    authorize(request)
    const key = keyParam.safeParse((request.params as { key: string }).key)
    if (!key.success) return reply.code(404).send({ errorCode: 'terminal.payment.not-found', message: 'No payment with that key' })
    try {
      return ledger.refund(key.data, now())
    } catch (error) {
      if (error instanceof TerminalConflict) return reply.code(409).send({ errorCode: 'terminal.refund.refused', message: error.message })
      throw error
    }
  })

  app.get('/terminal/v0/payments', (request) => {
    authorize(request)
    return { payments: ledger.all() }
  })
}
