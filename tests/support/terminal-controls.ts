import type { Sandbox } from '../../electron/sandbox/server'
import type { TerminalTransaction } from '../../electron/sandbox/terminal/terminal-ledger'
import type { TestCardName } from '../../electron/contract/checkout-channels'

/** A transaction as the controls list it: everything but the answer the terminal gave. */
export type TransactionSeen = Omit<TerminalTransaction, 'response'>

/**
 * The sandbox terminal's training controls, as a trainer (or a test) uses
 * them, with the sandbox's credentials: what the next customer does at the
 * terminal, plugging it out of the network and back, and its own journal of
 * what it really did, whatever Foyer heard. Fetch is looked up at each call:
 * renderer tests swap in Node's.
 */
export function terminalControls(
  sandbox: Pick<Sandbox, 'terminal'>,
  credentials: { token(): Promise<string> },
  /** A fetch of its own: one that trusts a sandbox's https root (`--tls`, a staging venue's). */
  fetchWith?: typeof globalThis.fetch,
) {
  const fetch: typeof globalThis.fetch = (input, init) => (fetchWith ?? globalThis.fetch)(input, init)
  const url = (path: string) => `${sandbox.terminal.controlUrl}${path}`
  const post = async (path: string, body: unknown): Promise<void> => {
    const response = await fetch(url(path), {
      method: 'POST',
      headers: { authorization: `Bearer ${await credentials.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 200) throw new Error(`terminal control ${path} answered ${response.status}`)
  }
  return {
    /** The card the next customer presents. */
    present: (card: TestCardName) => post('/card', { card }),
    /** Plugs the terminal out of the network (false) or back in (true). */
    plug: (online: boolean) => post('/network', { online }),
    async transactions(): Promise<TransactionSeen[]> {
      const response = await fetch(url('/transactions'), { headers: { authorization: `Bearer ${await credentials.token()}` } })
      return ((await response.json()) as { transactions: TransactionSeen[] }).transactions
    },
  }
}
