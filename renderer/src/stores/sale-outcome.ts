import { ContractErrorCode, type SaleOutcomeView } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useIdleStore } from './idle'

/**
 * A sale this screen lost track of: Foyer crashed or restarted mid-payment
 * (the call never answered), or the window itself reloaded mid-sale. Main's
 * journal knows where the sale stands, so the screen asks it
 * (`checkout.outcome`, by the sale's own id) until the answer is final:
 * again and again while Foyer cannot be reached, and while main is still
 * checking (recovery at work), as soon as main says it knows. The idle reset
 * waits meanwhile: a customer waiting to hear about their money has not
 * walked away.
 *
 * The sale's id is kept in this tab's session storage while its payment is
 * under way (and while the screen is finding out), so a window that reloads
 * then still knows which sale to ask about.
 */
const KEPT_SALE = 'foyer.saleInFlight'
/** How often to ask while Foyer cannot be reached or is still checking. */
const ASK_EVERY_MS = 2000

export type SaleOutcomePhase = 'reconnecting' | 'checking' | 'known'

export const useSaleOutcomeStore = defineStore('sale-outcome', () => {
  const idle = useIdleStore()
  const saleId = ref<string | null>(null)
  const outcome = ref<SaleOutcomeView | null>(null)
  /** Main could not be reached at the last try. */
  const unreachable = ref(false)
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopListening: (() => void) | null = null

  const following = computed(() => saleId.value !== null)
  const phase = computed<SaleOutcomePhase>(() => {
    if (outcome.value && outcome.value.outcome !== 'checking') return 'known'
    return unreachable.value || !outcome.value ? 'reconnecting' : 'checking'
  })

  /** The sale whose payment this screen starts: remembered for this tab until its payment answers or the customer is done with it. */
  function remember(id: string): void {
    window.sessionStorage.setItem(KEPT_SALE, id)
  }

  /** The payment answered (whatever it said): nothing to ask after a reload, unless the screen is still finding out. */
  function paymentOver(): void {
    if (saleId.value === null) window.sessionStorage.removeItem(KEPT_SALE)
  }

  /** A sale a reloaded window was in the middle of, if any. */
  function remembered(): string | null {
    return window.sessionStorage.getItem(KEPT_SALE)
  }

  /** Starts finding out where `id` stands, and keeps at it until main says. */
  function follow(id: string): void {
    if (saleId.value === id) return
    forget()
    remember(id)
    saleId.value = id
    idle.pause('sale-outcome')
    stopListening = useFoyer().checkout.onOutcomeKnown((news) => {
      if (news.saleId === saleId.value) void ask()
    })
    void ask()
  }

  /** Asks main now (the customer's "Check again", a push, the timer); asks again later unless the answer is final. */
  async function ask(): Promise<void> {
    const id = saleId.value
    if (!id) return
    clearTimeout(timer)
    const reply = await useFoyer().checkout.outcome({ saleId: id })
    if (saleId.value !== id) return
    if (reply.ok) {
      unreachable.value = false
      outcome.value = reply.value
    } else if (reply.error.code === ContractErrorCode.TransportFailed) {
      // Not reached (Foyer is restarting): try again in a moment.
      unreachable.value = true
    } else {
      // Refused: no sale of that id here (a window kept it past its time); there is nothing to tell.
      forget()
      return
    }
    if (phase.value !== 'known') timer = setTimeout(() => void ask(), ASK_EVERY_MS)
  }

  /** The customer is done with the sale (start again, the next customer): nothing more to ask or remember. */
  function forget(): void {
    clearTimeout(timer)
    stopListening?.()
    stopListening = null
    if (saleId.value !== null) idle.resume('sale-outcome')
    saleId.value = null
    outcome.value = null
    unreachable.value = false
    window.sessionStorage.removeItem(KEPT_SALE)
  }

  return { saleId, outcome, following, phase, remember, paymentOver, remembered, follow, ask, forget }
})
