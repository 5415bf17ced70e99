import { describe, expect, it } from 'vitest'
import { NexoCrypto } from '../../../electron/terminal-protocol/adyen-library'
import { holdNexoKey, withNexoKey } from '../../../electron/terminal-protocol/nexo-key'
import * as generatorModule from '@adyen/api-library/lib/src/security/nexoDerivedKeyGenerator.js'

/**
 * The terminal key derived once a message, off the main thread (nexo-key.ts):
 * Adyen's library derived it with a blocking 40 ms pbkdf2Sync for every message
 * and every answer, twice a message on Foyer's main thread. What is pinned: the
 * key derived here is the library's own (a message sealed with either opens with
 * the other), the library uses it while it is held and derives again once it is
 * let go, and one holder letting go leaves it to another.
 */
const loaded = (generatorModule as { default: unknown }).default as { deriveKeyMaterial?: (p: string) => object; default?: { deriveKeyMaterial(p: string): object } }
const libraryKey = (passphrase: string) => (loaded.deriveKeyMaterial ? loaded.deriveKeyMaterial(passphrase) : loaded.default!.deriveKeyMaterial(passphrase))

const header = { MessageClass: 'Service', MessageCategory: 'Payment', MessageType: 'Request', ServiceID: 'nexokey01', SaleID: 'foyer', POIID: 'V400m-1' }
const keyOf = (passphrase: string) => ({ AdyenCryptoVersion: 1, KeyIdentifier: 'foyer-key', KeyVersion: 1, Passphrase: passphrase })
const message = JSON.stringify({ SaleToPOIRequest: { MessageHeader: header, PaymentRequest: { amount: 1250 } } })
const seal = (passphrase: string) => NexoCrypto.encrypt(header as never, message, keyOf(passphrase))
const open = (sealed: unknown, passphrase: string) => new NexoCrypto().decrypt(sealed as never, keyOf(passphrase))

describe('the Nexo key, derived once a message', () => {
  it("is the library's own key: what is sealed with either opens with the other, and a wrong passphrase still fails", async () => {
    const sealedByLibrary = seal('correct horse 1')
    const sealedHere = await withNexoKey('correct horse 1', async () => {
      expect(open(sealedByLibrary, 'correct horse 1')).toBe(message)
      return seal('correct horse 1')
    })
    expect(open(sealedHere, 'correct horse 1')).toBe(message)
    await withNexoKey('another passphrase', async () => expect(() => open(sealedHere, 'another passphrase')).toThrow(/Hmac validation failed|bad decrypt/))
  })

  it('is what the library uses while it is held, and derived again by the library once it is let go', async () => {
    const release = await holdNexoKey('held passphrase 2')
    const first = libraryKey('held passphrase 2')
    expect(libraryKey('held passphrase 2')).toBe(first)
    release()
    const after = libraryKey('held passphrase 2')
    expect(after).not.toBe(first)
    expect(after).toEqual(first)
  })

  it('stays held while another holder still has it; letting go twice counts once', async () => {
    const [one, two] = await Promise.all([holdNexoKey('shared passphrase 3'), holdNexoKey('shared passphrase 3')])
    const held = libraryKey('shared passphrase 3')
    one()
    one()
    expect(libraryKey('shared passphrase 3')).toBe(held)
    two()
    expect(libraryKey('shared passphrase 3')).not.toBe(held)
  })
})
