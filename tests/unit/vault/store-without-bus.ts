import { inspect } from 'node:util'
import { KeytarVault } from '../../../electron/vault/keytar-vault'

/**
 * Run by keytar-vault.test.ts in a child process whose session bus leads
 * nowhere: tries to store FOYER_TEST_SECRET and prints what the resulting
 * error carries (name, message, and everything a logger would print, causes
 * and stacks included) as one line of JSON.
 */
const secret = process.env.FOYER_TEST_SECRET ?? ''
try {
  await new KeytarVault().store({ backend: 'production', tenant: 'no-bus-test' }, secret)
  console.log(JSON.stringify({ name: 'stored', message: 'the store unexpectedly succeeded', text: '' }))
} catch (error) {
  const { name, message } = error as Error
  console.log(JSON.stringify({ name, message, text: `${String(error)}\n${inspect(error, { depth: 5 })}` }))
}
