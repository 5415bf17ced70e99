import { FoyerError } from '../ipc-core/foyer-error'
import type { SettingsError } from '../settings/settings-schema'

/**
 * A refused setting of a section whose fields staff are told about one by one
 * (`terminal.refused.poiid`, `printer.refused.address`...): the section's
 * refusal in words by field, null for any other setting. The detail names the
 * rule, never the value.
 */
export function refusalByField(section: string, fields: readonly string[]): (error: SettingsError) => FoyerError | null {
  const prefix = `${section}.`
  return (error) => {
    const field = error.field?.startsWith(prefix) ? error.field.slice(prefix.length) : null
    if (!field || !fields.includes(field)) return null
    return new FoyerError({ code: 'settings.invalid', messageKey: `${section}.refused.${field}`, retryable: false, detail: error.message })
  }
}
