/**
 * @peculiar/x509 registers its parts with tsyringe, which refuses to load without the Reflect
 * metadata API (a polyfill, normally the reflect-metadata package, which is not installed here).
 * tsyringe calls only these three, and only for classes it registers; this is the whole of what it
 * needs, a WeakMap per target. Imported before @peculiar/x509 (tls.ts).
 */
type Key = unknown
const store = new WeakMap<object, Map<Key, unknown>>()

function own(target: object, create: boolean): Map<Key, unknown> | undefined {
  let entries = store.get(target)
  if (!entries && create) store.set(target, (entries = new Map()))
  return entries
}

const metadata = {
  defineMetadata(key: Key, value: unknown, target: object): void {
    own(target, true)!.set(key, value)
  },
  getOwnMetadata(key: Key, target: object): unknown {
    return own(target, false)?.get(key)
  },
  getMetadata(key: Key, target: object): unknown {
    for (let at: object | null = target; at; at = Object.getPrototypeOf(at) as object | null) {
      const entries = own(at, false)
      if (entries?.has(key)) return entries.get(key)
    }
    return undefined
  },
}

const reflect = Reflect as unknown as Record<string, unknown>
for (const [name, fn] of Object.entries(metadata)) if (typeof reflect[name] !== 'function') reflect[name] = fn
