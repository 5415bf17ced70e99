import { homedir, tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'

/**
 * What an error may say outside main: its name and message, with any stack
 * lines and file paths taken out. A stack trace or a source path in a reply
 * or a log line tells whoever reads it how the app is laid out on disk (and
 * the user's name, in a home folder), and helps nobody at a box office; the
 * developer who needs one reproduces it under the debugger.
 */

// Folders whose paths are never printed: this checkout, the user's and the system's.
// (Where this module is not loaded from a file, as in the renderer's tests, there is no checkout to hide.)
const REPO_ROOT = safely(() => fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, ''))
const DYNAMIC_ROOTS = [REPO_ROOT, safely(() => process.cwd()), safely(homedir), safely(tmpdir)].filter((root) => root.length > 1)
const STATIC_ROOTS = ['/home/', '/Users/', '/root/', '/tmp/', '/var/', '/private/', '/opt/', '/usr/', '/work/', '/snap/', '/Applications/', '/Volumes/']

function safely(read: () => string): string {
  try {
    return read()
  } catch {
    return ''
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const PATH_PATTERN = new RegExp(
  [
    // file:///… URLs (ES module stack frames and import errors name files this way).
    String.raw`file:\/\/[^\s'"()]+`,
    // Windows paths: C:\… and \\server\share\…
    String.raw`\b[A-Za-z]:\\[^\s'"()]*`,
    String.raw`\\\\[^\s'"()\\]+\\[^\s'"()]*`,
    // POSIX paths under the folders above.
    ...[...DYNAMIC_ROOTS, ...STATIC_ROOTS].map((root) => `${escape(root)}[^\\s'"()]*`),
  ].join('|'),
  'g',
)

/** The text with stack frames removed and file paths replaced by `<path>`. */
export function scrubText(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*at\s/.test(line))
    .join(' ')
    .replace(PATH_PATTERN, '<path>')
    .trim()
}

/** `Name: message` of an error (or of whatever was thrown), scrubbed: what a log line may carry. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    const head = `${error.name}${typeof code === 'string' ? ` (${code})` : ''}`
    return scrubText(error.message ? `${head}: ${error.message}` : head)
  }
  if (typeof error === 'string') return scrubText(error)
  try {
    return scrubText(JSON.stringify(error) ?? String(error))
  } catch {
    return 'an unprintable value was thrown'
  }
}

/**
 * Log fields made safe to print: errors as describeError, strings scrubbed,
 * objects and arrays field by field (to a small depth), anything else as is.
 */
export function safeFields(fields: Record<string, unknown>): Record<string, unknown> {
  return safeValue(fields, 0) as Record<string, unknown>
}

function safeValue(value: unknown, depth: number): unknown {
  if (value instanceof Error) return describeError(value)
  if (typeof value === 'string') return scrubText(value)
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return value
  if (depth >= 4) return '[…]'
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => safeValue(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, safeValue(inner, depth + 1)]))
}

/** One log line as Foyer prints it: `[foyer] message {fields as JSON}`, nothing in it unscrubbed. */
export function formatLogLine(message: string, fields?: Record<string, unknown>): string {
  const head = `[foyer] ${scrubText(message)}`
  return fields && Object.keys(fields).length > 0 ? `${head} ${JSON.stringify(safeFields(fields))}` : head
}
