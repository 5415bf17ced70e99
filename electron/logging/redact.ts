import { safeFields, scrubText } from '../ipc-core/log-safe'

/**
 * What a log line or a support file may never carry, on top of log-safe.ts's
 * rules (no stack, no path): a secret (the vendor's client secret, the
 * terminal's passphrase, a PIN, a token) or a patron's data (e-mail, names,
 * phone, address, account number) or a card's digits. A field whose name says
 * it holds one is replaced whole, whatever it holds; an e-mail address or a
 * bearer token inside any text is replaced too, since an error message from
 * a lower layer may quote one.
 */
export const REDACTED = '[redacted]'

const SECRET_KEY = /secret|passphrase|password|^pin$|pinhash|newpin|currentpin|token|authori[sz]ation|apikey|enrolmentcode|cookie/i
const PATRON_KEY = /e-?mail|firstname|lastname|fullname|phone|address|postcode|patron(?!datadays)|last4|cardnumber|maskedpan|receipt/i

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi

/** Whether a field of this name holds a secret or patron data (its value is never written). */
export function isPrivateKey(key: string): boolean {
  return SECRET_KEY.test(key) || PATRON_KEY.test(key)
}

/** Text with e-mail addresses and bearer tokens taken out (paths and stacks already by scrubText). */
export function redactText(text: string): string {
  return scrubText(text).replace(EMAIL, '<e-mail>').replace(BEARER, '$1 <redacted>')
}

/** Fields made safe to write: log-safe's rules, then every private field replaced and every text redacted. */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(safeFields(fields)) as Record<string, unknown>
}

/** Any value made safe as redactFields makes fields (a journal step's detail, a parsed log line). */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(redactValue)
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isPrivateKey(key) ? REDACTED : redactValue(inner)]))
}
