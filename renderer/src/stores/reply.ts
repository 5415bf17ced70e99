import type { ErrorReply, Reply } from '@contract'
import type { Ref } from 'vue'

/**
 * Runs one call to main for a store: marks it busy, and keeps the typed error
 * of a refused call for the screen to show (in the customer's language) with
 * a way forward. Answers the value, or null when the call was refused.
 */
export function replyRunner(busy: Ref<boolean>, error: Ref<ErrorReply | null>) {
  return async function run<T>(work: () => Promise<Reply<T>>): Promise<T | null> {
    busy.value = true
    error.value = null
    try {
      const reply = await work()
      if (reply.ok) return reply.value
      error.value = reply.error
      return null
    } finally {
      busy.value = false
    }
  }
}
