import * as generatorModule from '@adyen/api-library/lib/src/security/nexoDerivedKeyGenerator.js'
import { pbkdf2 } from 'node:crypto'
import { promisify } from 'node:util'

/**
 * The Nexo key material a shared key's passphrase stands for: derived off the
 * main thread, once for a message and its answer, and held only while they are
 * in hand.
 *
 * Adyen's library derives it again for every message it encrypts and every
 * answer it decrypts, with a blocking pbkdf2Sync of 4,000 rounds of HMAC-SHA1
 * for 640 bytes (its length in bits passed as bytes), of which it reads the
 * first 80: some 40 ms of the thread each time, twice a message, and main
 * stood still for it. PBKDF2 computes its output blocks one by one,
 * independently, so the first 80 bytes of 640 are the 80-byte derivation: the
 * same key for an eighth of the work, here on libuv's pool. The library still
 * asks its generator; while a passphrase is held here, the generator answers
 * from what was derived for it.
 */

interface KeyMaterial {
  cipherKey: Buffer
  hmacKey: Buffer
  iv: Buffer
}
interface Generator {
  deriveKeyMaterial(passphrase: string): KeyMaterial
  /** The library's own slicing of the derived bytes into the three keys (private in its typings). */
  readKeyData(key: Buffer): KeyMaterial
}

// CommonJS with `exports.default`: a bundler gives the class as the default, Node's ESM loader the module object.
const loaded = (generatorModule as { default: unknown }).default as Generator | { default: Generator }
const generator: Generator = 'deriveKeyMaterial' in loaded ? loaded : loaded.default

/** The library's derivation's parameters (nexoDerivedKeyGenerator.js), and the 80 bytes of it that it reads. */
const SALT = Buffer.from('AdyenNexoV1Salt', 'binary')
const ROUNDS = 4000
const KEY_BYTES = 32 + 32 + 16

const held = new Map<string, { material: KeyMaterial; holders: number }>()

const libraryDerivation = generator.deriveKeyMaterial.bind(generator)
generator.deriveKeyMaterial = (passphrase: string) => held.get(passphrase)?.material ?? libraryDerivation(passphrase)

const derive = promisify(pbkdf2)

/**
 * Derives the key material for `passphrase` (off the main thread) and holds it
 * until the returned function is called: until then, the library's encryption
 * and decryption with that passphrase use it instead of deriving it again.
 */
export async function holdNexoKey(passphrase: string): Promise<() => void> {
  if (!held.has(passphrase)) {
    const bytes = await derive(Buffer.from(passphrase, 'binary'), SALT, ROUNDS, KEY_BYTES, 'sha1')
    // Another caller may have derived it meanwhile: theirs is the same.
    if (!held.has(passphrase)) held.set(passphrase, { material: generator.readKeyData(bytes), holders: 0 })
  }
  held.get(passphrase)!.holders++
  let released = false
  return () => {
    if (released) return
    released = true
    const entry = held.get(passphrase)!
    if (--entry.holders === 0) held.delete(passphrase)
  }
}

/** Runs `body` (one message to a terminal and its answer) with the key for `passphrase` held, and lets it go after. */
export async function withNexoKey<T>(passphrase: string, body: () => Promise<T>): Promise<T> {
  const release = await holdNexoKey(passphrase)
  try {
    return await body()
  } finally {
    release()
  }
}
