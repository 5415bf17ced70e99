/**
 * A secret kept in the keychain together with what it was entered for (a
 * vendor's addresses, a card terminal and its key): one entry holds a prefix
 * naming the kind and version, then JSON of the binding and the secret. The
 * secret applies only where the binding is exactly the same; a changed
 * address or terminal never gets it (origin-bound-secret.ts,
 * terminal-passphrase.ts).
 */
export type Binding = Record<string, string | number>

/** The keychain entry for `secret`, bound to `binding`; the secret is stored under `secretKey`. */
export function sealBound(prefix: string, binding: Binding, secretKey: string, secret: string): string {
  return `${prefix}${JSON.stringify({ ...binding, [secretKey]: secret })}`
}

/**
 * An entry opened: its secret and what it is bound to; 'unsealed' for a value
 * without the prefix (stored before binding existed), 'damaged' for one that
 * cannot be read. A damaged entry is bound to nothing: it never applies.
 */
export function openBound(stored: string, prefix: string, secretKey: string): { secret: string; binding: Record<string, unknown> } | 'unsealed' | 'damaged' {
  if (!stored.startsWith(prefix)) return 'unsealed'
  try {
    const parsed = JSON.parse(stored.slice(prefix.length)) as Record<string, unknown>
    const secret = parsed[secretKey]
    if (typeof parsed === 'object' && parsed !== null && typeof secret === 'string' && secret !== '') return { secret, binding: parsed }
  } catch {
    // below
  }
  return 'damaged'
}

/** Whether an opened entry is bound to exactly `wanted`. */
export function boundTo(binding: Record<string, unknown>, wanted: Binding): boolean {
  return Object.entries(wanted).every(([key, value]) => binding[key] === value)
}
