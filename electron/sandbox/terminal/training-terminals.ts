import type { FastifyInstance, FastifyRequest } from 'fastify'
import { randomBytes } from 'node:crypto'
import { metaValue, type SandboxDb } from '../database/database'
import type { SandboxTerminal } from '../../terminal-protocol/sandbox-terminal'
import { NexoTerminal } from './nexo-terminal'
import { storedTerminalChain, type TerminalChain } from './terminal-certificates'
import { TerminalLedger } from './terminal-ledger'
import { terminalRoutes } from './terminal-routes'

/**
 * The sandbox's simulated card terminals. One by default (training: every Foyer on this sandbox pays
 * at it); a venue set up against the sandbox as its staging vendor (`npm run sandbox -- --terminals N`)
 * has one per kiosk or counter, as at a real box office, each with its own POIID, shared key,
 * certificate chain and training controls. The first keeps the names it always had, so a data folder
 * made before keeps its terminal.
 */
export const TRAINING_POIID = 'V400m-324688179'
export const MAX_TERMINALS = 8

interface TrainingTerminal {
  poiid: string
  key: { keyIdentifier: string; keyVersion: number; passphrase: string }
  chain: TerminalChain
  terminal: NexoTerminal
}

/** The n-th terminal's POIID: the training one, then the serial numbers after it. */
const poiidOf = (index: number) => (index === 0 ? TRAINING_POIID : `V400m-${324688179 + index}`)

export class TrainingTerminals {
  readonly ledger: TerminalLedger
  readonly #terminals: TrainingTerminal[]
  #addresses: string[] = []

  constructor(db: SandboxDb, count: number, now: () => number, log: (line: string) => void) {
    if (!Number.isInteger(count) || count < 1 || count > MAX_TERMINALS) throw new Error(`terminals must be a whole number from 1 to ${MAX_TERMINALS}`)
    this.ledger = new TerminalLedger(db)
    this.#terminals = Array.from({ length: count }, (_, index) => {
      const poiid = poiidOf(index)
      const passphrase = metaValue(db, index === 0 ? 'terminal_passphrase' : `terminal_passphrase:${poiid}`, () => randomBytes(18).toString('base64url'))
      const key = { keyIdentifier: 'FOYERTRAINING', keyVersion: 1, passphrase }
      const chain = storedTerminalChain(db, poiid)
      return { poiid, key, chain, terminal: new NexoTerminal({ poiid, key, chain, ledger: this.ledger, now, log }) }
    })
  }

  /** Each terminal's controls beside the API: the first at /terminal/v0, the others under their POIID. */
  mount(app: FastifyInstance, authorize: (request: FastifyRequest) => void): void {
    this.#terminals.forEach(({ poiid, terminal }, index) => terminalRoutes(app, terminal, this.ledger, authorize, index === 0 ? '/terminal/v0' : `/terminal/v0/${poiid}`))
  }

  /** Starts every terminal listening on loopback (a port of its own each). */
  async listen(): Promise<void> {
    for (const { terminal } of this.#terminals) this.#addresses.push(await terminal.listen())
  }

  /** How to reach, trust and control each terminal, once listening; `origin` is the API's. */
  described(origin: string): SandboxTerminal[] {
    return this.#terminals.map(({ poiid, key, chain }, index) => ({
      address: this.#addresses[index]!,
      poiid,
      ...key,
      rootCertificatePem: chain.rootPem,
      controlUrl: index === 0 ? `${origin}/terminal/v0` : `${origin}/terminal/v0/${poiid}`,
    }))
  }

  async close(): Promise<void> {
    for (const { terminal } of this.#terminals) await terminal.close()
  }
}
