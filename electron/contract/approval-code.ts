/**
 * The approval code a standalone card terminal prints when it approves a
 * payment (ISO 8583's authorisation code: usually six letters or digits; some
 * acquirers use fewer or more). Staff key it into Foyer when the integrated
 * terminal is down (docs/checkout.md, "The standalone terminal"). Plain
 * TypeScript: main checks it, and the renderer uses the same rule to say so
 * as staff type.
 */
const TYPED = /^[A-Za-z0-9]{2,12}$/

/**
 * The code as journalled and printed: trimmed and in capitals. Anything but 2
 * to 12 ASCII letters or digits is refused (null). The check comes before the
 * capitals because some letters grow when capitalised ("ß" → "SS").
 */
export function approvalCodeOf(typed: string): string | null {
  const code = typed.trim()
  return TYPED.test(code) ? code.toUpperCase() : null
}

/** How long a typed code may be at the contract (spaces around it included); the rule above is the real check. */
export const APPROVAL_CODE_MAX_TYPED = 64
