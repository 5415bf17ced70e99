import type { z } from 'zod'

/**
 * A setting was refused. The message names the field and the rule, never the
 * value: the value might be a secret typed into the wrong box.
 */
export class SettingsError extends Error {
  /** Dotted path of the offending setting, e.g. `backends.production.baseUrl`; null for file-level problems. */
  readonly field: string | null

  constructor(field: string | null, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SettingsError'
    this.field = field
  }
}

/** Turns zod's first issue into a SettingsError that names the field only. */
export function settingsErrorFrom(error: z.ZodError): SettingsError {
  const issue = error.issues[0]
  if (!issue) return new SettingsError(null, 'Invalid settings')
  const path = issue.path.map(String)
  if (issue.code === 'unrecognized_keys') {
    const field = [...path, issue.keys[0] ?? ''].join('.')
    return new SettingsError(field, `"${field}" is not a setting (secrets belong in the credential vault)`)
  }
  const field = path.length > 0 ? path.join('.') : null
  // Custom messages above and zod's own messages for these types describe the rule, not the input.
  return new SettingsError(field, `Invalid setting "${field ?? '(settings)'}": ${issue.message}`)
}

/** Names the problems in a settings file by field, for warnings; values are never shown. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String)
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => [...path, key].join('.')).join(', ') + ' (unknown)'
      return path.length > 0 ? path.join('.') : '(settings)'
    })
    .join(', ')
}
