/**
 * What the hub's log may never carry: a device's token, a manager's session cookie or password, an
 * enrolment or first-manager code, a PIN. A field whose name says it holds one is replaced whole; a
 * bearer token inside any text is replaced too (an error from a lower layer may quote a header), and
 * so is such a parameter in a request's query. The rules are the device's (electron/logging/redact.ts),
 * written again here: the hub imports nothing of electron/.
 */
export const REDACTED = '[redacted]'

const SECRET_KEY = /secret|passphrase|password|^pin$|pinhash|newpin|currentpin|token|authori[sz]ation|apikey|cookie|^code$|enrol?l?mentcode|managercode/i
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi
/** A query parameter in any text (a path in fastify's own "Route GET:/…?token=… not found"). */
const QUERY_PARAMETER = /([?&;])([\w.-]+)=([^&;#\s"']*)/g

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/** Text with bearer tokens and secret-named query parameters' values taken out. */
export function redactText(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(QUERY_PARAMETER, (whole, sep: string, key: string) => (isSecretKey(key) ? `${sep}${key}=${REDACTED}` : whole))
}

const isPlain = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null

/**
 * A log line's fields made safe. Only plain objects and arrays are walked: a request, a reply or an
 * error is left to its serializer (hub-logger.ts), which writes only what may be written.
 */
export function redactFields(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object' || !isPlain(value)) return value
  if (Array.isArray(value)) return value.map(redactFields)
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecretKey(key) ? REDACTED : redactFields(inner)]))
}
