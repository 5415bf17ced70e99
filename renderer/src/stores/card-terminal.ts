import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ChannelResponse } from '@contract'
import { useFoyer } from '../bridge/foyer'
import { useSystemStore } from './system'

/**
 * Whether this kiosk can take a card now. A self-service kiosk takes nothing
 * else, so a terminal that does not answer must be said before a customer
 * spends minutes choosing seats, not at the payment step. Main asks the
 * terminal (a Diagnosis) each time; this store asks main when a customer
 * starts looking (the events and shows screens), at most every few seconds.
 */
const RECHECK_MS = 10_000

export const useCardTerminalStore = defineStore('card-terminal', () => {
  const system = useSystemStore()
  const cards = ref(true)
  /** What the last check found; null: no terminal set up, or not asked yet. */
  const state = ref<string | null>(null)
  /** The training terminal's test cards; none for a real terminal. */
  const testCards = ref<ChannelResponse<'checkout.terminal'>['testCards']>([])
  let checkedAt = 0
  /** The backend the last answer was for: another backend has another terminal. */
  let checkedFor: string | undefined
  let checking: Promise<void> | null = null

  /** Cards can be taken: a terminal is set up and answers (busy finishing another sale counts as answering). */
  const ready = computed(() => cards.value && (state.value === null || state.value === 'ready' || state.value === 'busy'))

  function check(now = Date.now()): Promise<void> {
    if (checking) return checking
    if (now - checkedAt < RECHECK_MS && checkedFor === system.info?.backend) return Promise.resolve()
    checking = (async () => {
      try {
        const reply = await useFoyer().checkout.terminal()
        // An unanswered call says nothing about the terminal: the offline banner covers main being unreachable.
        if (reply.ok) {
          cards.value = reply.value.cards
          state.value = reply.value.state
          testCards.value = reply.value.testCards
          checkedAt = Date.now()
          checkedFor = system.info?.backend
        }
      } finally {
        checking = null
      }
    })()
    return checking
  }

  return { cards, state, testCards, ready, check }
})
