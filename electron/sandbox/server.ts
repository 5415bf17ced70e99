import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { ApiError, errorBody } from './http/api-error'
import { cartRoutes } from './http/cart-routes'
import { param, type Query, type SandboxContext } from './http/context'
import { eventRoutes } from './http/event-routes'
import { imageRoutes } from './http/image-routes'
import { orderRoutes } from './http/order-routes'
import { seatmapRoutes } from './http/seatmap-routes'
import { Shapes } from './http/shapes'
import { SANDBOX_CLIENT_IDS, TokenIssuer, type SandboxClientCredentials } from './http/tokens'
import { Catalogue } from './model/catalogue'
import { InventoryBook, SeatStatus } from './model/inventory'
import { OrderBook } from './model/orders'
import { SeatOffers } from './model/seat-offers'
import { seedEvents } from './seed/events'
import { extraEvents } from './seed/extra/extra-events'
import { xssEvents } from './seed/xss/xss-events'
import type { SeedEvent, SeedVenue } from './seed/types'
import { buildVenues } from './seed/venues'
import { metaValue, openDatabase, type SandboxDb } from './database/database'
import { storedServiceChain } from './terminal/terminal-certificates'
import { TRAINING_POIID, TrainingTerminals } from './terminal/training-terminals'
import type { SandboxTerminal } from '../terminal-protocol/sandbox-terminal'

/**
 * The sandbox: a stateful implementation of the sales-flow API, for training,
 * development and every test. Plain Node (fastify + better-sqlite3), so it can
 * also run inside the app as its training backend.
 */
export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number
  /** Folder of the SQLite database; the same folder resumes the same state. In memory without it. */
  dataDir?: string
  /** How long an offer's seats stay reserved. Default 15 minutes. */
  holdTtlSeconds?: number
  /** Lifetime of bearer tokens. Default one hour. */
  tokenTtlSeconds?: number
  /** Answer in the other documented shapes and with the vendor's recorded behaviours. */
  quirks?: boolean
  now?: () => number
  seeds?: { events: readonly SeedEvent[]; venues: readonly SeedVenue[] }
  /**
   * Generated events added after the training catalogue (seed/extra), for tests
   * and benchmarks of a big catalogue. Default 0: the training data as it is.
   */
  extraEvents?: number
  /**
   * Adds events whose descriptive texts are an XSS corpus (seed/xss), for the
   * security tests. Default false: the training data as it is.
   */
  xss?: boolean
  /** Where the sandbox logs (never secrets). Default: stderr. */
  log?: (line: string) => void
  /**
   * The tenant in its addresses. Default SANDBOX_TENANT. Two sandboxes standing in for two vendors'
   * staging services on one machine (and one keychain, whose accounts are `<backend>/<tenant>`) need
   * names of their own, as two real tenants have.
   */
  tenant?: string
  /**
   * Serves the API over https with a certificate of its own (made once per data folder), as a vendor's
   * staging service is: Foyer takes only https addresses for a vendor backend. Default false (http).
   */
  tls?: boolean
  /** Simulated card terminals, one per kiosk or counter of a venue set up against this sandbox. Default 1. */
  terminals?: number
}

export interface Sandbox {
  baseUrl: string
  authUrl: string
  imageBaseUrl: string
  /** The simulated card terminal (terminal/nexo-terminal.ts) and how to reach and trust it. */
  terminal: SandboxTerminal
  /** Every simulated terminal, the first being `terminal`. */
  terminals: SandboxTerminal[]
  /** With `tls`: the root the API's certificate is signed by (what a Foyer set up against it trusts). */
  rootCertificatePem?: string
  tenant: string
  /** The first training client: the one a single Foyer sells as. */
  clientId: string
  clientSecret: string
  /** Every training client (the first is clientId/clientSecret): seats and orders belong to the client that took them. */
  clients: readonly SandboxClientCredentials[]
  /** Releases expired holds and expires unpaid orders now (it also runs every second). */
  sweep(): void
  close(): Promise<void>
}

export type { SandboxTerminal } from '../terminal-protocol/sandbox-terminal'

export { TRAINING_POIID }
export const SANDBOX_TENANT = 'foyer-training'
export const SANDBOX_CLIENT_ID = SANDBOX_CLIENT_IDS[0]
const LOOPBACK = '127.0.0.1'

function newServer(log: (line: string) => void, now: () => number, https: { key: string; cert: string } | null, tenant: string): FastifyInstance {
  const app = Fastify({
    ...(https ? { https } : {}),
    logger: false,
    bodyLimit: 1 << 20,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors fastify raises before routing (a broken %-escape, an over-long path
    // segment) bypass the error handler; they get the spec's error body too.
    frameworkErrors: (_error, _request, reply) => {
      ;(reply as FastifyReply).code(400).send(errorBody(400, 'error.request.malformed', 'The request address is malformed', now()))
    },
  })
  // Only JSON (and, on the token endpoint, form) bodies: text/plain is refused with 415.
  app.removeContentTypeParser('text/plain')
  // JSON bodies: an empty one is "no body" (delivery methods), a malformed one a 400 with the spec's body.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined)
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new ApiError(400, 'error.request.body.malformed', 'The request body is not valid JSON'), undefined)
    }
  })
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status === 401) reply.header('www-authenticate', `Bearer realm="${tenant}"`)
      return reply.code(error.status).send(error.body(now()))
    }
    const status = error.statusCode ?? 500
    if (status < 500) {
      return reply.code(status).send(errorBody(status, 'error.request.malformed', error.message.slice(0, 200), now()))
    }
    log(`sandbox: ${request.method} ${request.url.split('?')[0]} failed: ${error.message}`)
    return reply.code(500).send(errorBody(500, null, 'Internal server error', now()))
  })
  // The Date header tells the sandbox's own time (its `now`), as a vendor's clock would, so a
  // client that reckons holds by the vendor's clock can be tested against a clock set apart.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('date', new Date(now()).toUTCString())
    done()
  })
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send(errorBody(404, 'error.request.not-found', 'No such resource', now()))
  })
  return app
}

async function listen(app: FastifyInstance, port: number, tls: boolean): Promise<string> {
  await app.listen({ port, host: LOOPBACK })
  return `${tls ? 'https' : 'http'}://${LOOPBACK}:${(app.server.address() as AddressInfo).port}`
}

function trainingSeeds(extra: number, xss: boolean): { events: readonly SeedEvent[]; venues: readonly SeedVenue[] } {
  const venues = buildVenues()
  if (extra === 0 && !xss) return { events: seedEvents, venues }
  return { events: [...seedEvents, ...extraEvents(extra, venues), ...(xss ? xssEvents(seedEvents) : [])], venues }
}

/** The tenant's secrets, made once per data folder: the clients' secrets, the token key, the clock's anchor. */
function storedSecrets(db: SandboxDb, now: () => number) {
  const anchor = Number(metaValue(db, 'anchor', () => String(Catalogue.anchorFor(now()))))
  // The first client's secret keeps its old key, so an existing data folder keeps its credentials.
  const clients: SandboxClientCredentials[] = SANDBOX_CLIENT_IDS.map((clientId, i) => ({
    clientId,
    clientSecret: metaValue(db, i === 0 ? 'client_secret' : `client_secret:${clientId}`, () => randomBytes(24).toString('base64url')),
  }))
  const tokenKey = Buffer.from(metaValue(db, 'token_key', () => randomBytes(32).toString('base64')), 'base64')
  return { anchor, clients, tokenKey }
}

/** The token endpoint alone takes an OAuth-style form body, in its own scope. */
function tokenRoute(app: FastifyInstance, tokens: TokenIssuer): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    scope.post('/auth/v0/:tenant/oauth/token', (request, reply) => {
      const { tenant } = request.params as { tenant: string }
      const query = request.query as Query
      const form = (request.body ?? {}) as Record<string, string | undefined>
      reply.header('cache-control', 'no-store')
      return tokens.issue(tenant, request.headers.authorization, param(query, 'grant_type') ?? form.grant_type, param(query, 'scope') ?? form.scope)
    })
  })
}

/** Expires unpaid orders and gives back seats whose hold ran out; every second, and on demand (tests). */
function holdSweeper(orders: OrderBook, book: InventoryBook, now: () => number, log: (line: string) => void) {
  function sweep(): void {
    const at = now()
    orders.expire(at)
    for (const inventory of book.loadedSeats()) {
      const changes = []
      for (let o = 0; o < inventory.size; o++) {
        if (inventory.status[o] === SeatStatus.Held && inventory.until[o]! <= at) {
          changes.push({ ordinal: o, status: SeatStatus.Free, until: 0, orderRef: null })
        }
      }
      if (changes.length > 0) book.commit([{ inventory, changes }])
    }
  }
  const timer = setInterval(() => {
    try {
      sweep()
    } catch (error) {
      log(`sandbox: sweep failed (will retry): ${(error as Error).message}`)
    }
  }, 1000)
  timer.unref()
  return { sweep, stop: () => clearInterval(timer) }
}

/**
 * The training service's state over its database (the catalogue, seats, offers, orders and tokens),
 * as the routes' context, and the clients' credentials. `baseUrl` is known once the server listens.
 */
function openModel(db: SandboxDb, options: SandboxOptions, baseUrl: () => string): { ctx: SandboxContext; clients: SandboxClientCredentials[] } {
  const now = options.now ?? Date.now
  const quirks = options.quirks ?? false
  const holdMs = (options.holdTtlSeconds ?? 900) * 1000
  const { anchor, clients, tokenKey } = storedSecrets(db, now)
  const seeds = options.seeds ?? trainingSeeds(options.extraEvents ?? 0, options.xss ?? false)
  const catalogue = new Catalogue(seeds.events, seeds.venues, anchor)
  const book = new InventoryBook(db)
  const offers = new SeatOffers(catalogue, book, holdMs)
  const orders = new OrderBook(db, catalogue, book, offers, holdMs)
  const tenant = options.tenant ?? SANDBOX_TENANT
  const tokens = new TokenIssuer({ key: tokenKey, tenant, clients, ttlSeconds: options.tokenTtlSeconds ?? 3600, quirks, now })
  const ctx = { tenant, catalogue, book, offers, orders, tokens, shapes: new Shapes(quirks), quirks, holdMs, now, baseUrl }
  return { ctx, clients }
}

/** Every route of the API, the images (on their own host under quirks) and the training terminal's controls. */
function mountRoutes(app: FastifyInstance, imageApp: FastifyInstance, ctx: SandboxContext, terminals: TrainingTerminals): void {
  tokenRoute(app, ctx.tokens)
  eventRoutes(app, ctx)
  seatmapRoutes(app, ctx)
  cartRoutes(app, ctx)
  orderRoutes(app, ctx)
  imageRoutes(imageApp, ctx.catalogue)
  terminals.mount(app, (request) => ctx.tokens.verify(request.headers.authorization, ctx.tenant, 'payment'))
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const { db, close: closeDb } = openDatabase(options.dataDir)
  let origin = ''
  const tenant = options.tenant ?? SANDBOX_TENANT
  const { ctx, clients } = openModel(db, options, () => `${origin}/api/v0/${tenant}`)
  const tls = options.tls ? storedServiceChain(db) : null
  const https = tls && { key: tls.keyPem, cert: tls.certificatePem }
  const app = newServer(log, ctx.now, https, tenant)
  // Vendor notes: images come from a host other than the API's. Under quirks they do here too.
  const imageApp = ctx.quirks ? newServer(log, ctx.now, https, tenant) : app
  const terminals = new TrainingTerminals(db, options.terminals ?? 1, ctx.now, log)
  mountRoutes(app, imageApp, ctx, terminals)
  const sweeper = holdSweeper(ctx.orders, ctx.book, ctx.now, log)

  try {
    origin = await listen(app, options.port ?? 0, tls !== null)
    await terminals.listen()
  } catch (error) {
    sweeper.stop()
    await terminals.close()
    await app.close()
    closeDb()
    throw error
  }
  const imageOrigin = imageApp === app ? origin : await listen(imageApp, 0, tls !== null)
  const described = terminals.described(origin)

  return {
    baseUrl: ctx.baseUrl(),
    authUrl: `${origin}/auth/v0/${tenant}/oauth/token`,
    imageBaseUrl: imageOrigin,
    terminal: described[0]!,
    terminals: described,
    ...(tls ? { rootCertificatePem: tls.rootPem } : {}),
    tenant,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: clients[0]!.clientSecret,
    clients,
    sweep: sweeper.sweep,
    // The sweeper first, then the servers, then the database.
    async close() {
      sweeper.stop()
      await terminals.close()
      await app.close()
      if (imageApp !== app) await imageApp.close()
      closeDb()
    },
  }
}
