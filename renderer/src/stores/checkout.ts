import { CASH_PAYMENT_CODE, ContractErrorCode, TRAINING_BOX_OFFICE_EMAIL, type ChannelResponse, type CheckoutOutcomeView, type ErrorReply, type InvoiceView, type SaleProgress, type TenderName } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useCardTerminalStore } from './card-terminal'
import { useCartStore } from './cart'
import { useIdleStore } from './idle'
import { useLocaleStore } from './locale'
import { replyRunner } from './reply'
import { useSaleOutcomeStore } from './sale-outcome'
import { useSettingsStore } from './settings'
import { useSystemStore } from './system'

/**
 * Paying for the basket. Main runs checkout and journals every step (order,
 * payment, confirm), so this store only asks and shows: the invoice, the
 * payment in progress, and how it ended. The idle reset never fires while a
 * payment is under way. At a counter whose card terminal is down (or that has
 * none), staff take the card on the standalone terminal and key in its
 * approval code; main checks it, and takes a card sale over only if nothing
 * was taken on the integrated terminal.
 */
export type TestCardName = ChannelResponse<'checkout.terminal'>['testCards'][number]['card']

/**
 * Answers after which the screen no longer knows where its sale stands: Foyer
 * could not be reached (it crashed or is restarting: the payment may have gone
 * through), or main refused the sale's state (recovery settled it meanwhile).
 */
const lostTrack = (error: ErrorReply | null) => error?.code === ContractErrorCode.TransportFailed || error?.code === 'checkout.sale-state'

export const useCheckoutStore = defineStore('checkout', () => {
  const cart = useCartStore()
  const saleOutcome = useSaleOutcomeStore()
  const idle = useIdleStore()
  const system = useSystemStore()
  const locale = useLocaleStore()
  const invoice = ref<InvoiceView | null>(null)
  const outcome = ref<CheckoutOutcomeView | null>(null)
  // What the terminal takes (and the training test cards) come from the one store that asks main about it.
  const cardTerminal = useCardTerminalStore()
  const testCards = computed(() => cardTerminal.testCards)
  const paying = ref(false)
  /** The customer asked the terminal to stop the payment; it ends as the terminal says. */
  const stopping = ref(false)
  /** Paid, and main is confirming and printing (the checkout.progress push, for this sale only). */
  const progress = ref<SaleProgress | null>(null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const call = replyRunner(busy, error)

  /** Staff are paying this sale on the standalone terminal (main takes a card sale over while nothing was taken). */
  const standaloneChosen = ref(false)
  const atCounter = computed(() => system.info?.mode === 'counter')

  /**
   * How the sale is paid, for the payment screen to show. Main decides it from the payment method and the
   * mode (electron/checkout/tender.ts); this follows the same rule and is not sent. A counter without a card
   * terminal still sells by card: on the standalone one.
   */
  const tender = computed<TenderName>(() => {
    if (cart.paymentCode === CASH_PAYMENT_CODE) return 'cash'
    return atCounter.value && (standaloneChosen.value || !cardTerminal.cards) ? 'standalone' : 'card'
  })
  const finished = computed(() => outcome.value !== null && ['confirmed', 'refunded', 'needs-staff'].includes(outcome.value.state))

  /** Places the order for the basket and gets the invoice to pay. */
  async function begin(): Promise<boolean> {
    if (invoice.value) return true
    outcome.value = null
    const settings = await useSettingsStore().ready()
    const boxOffice = settings?.boxOfficeEmail || TRAINING_BOX_OFFICE_EMAIL
    const order = cart.orderRequest(boxOffice)
    if (!order) return false
    await cardTerminal.check()
    // From here the order owns the seats: the basket stops watching its holds.
    cart.checkingOut = true
    // The customer's language goes with the order: their tickets and receipt are printed in it.
    const placed = await call(() => useFoyer().checkout.submit({ order, language: locale.locale }))
    if (!placed) {
      cart.checkingOut = false
      return false
    }
    invoice.value = placed
    return true
  }

  // The journal's word on a sale this screen lost track of: issued tickets go to the done screen like any confirmed sale.
  watch(
    () => saleOutcome.outcome,
    (known) => {
      if (known && (known.outcome === 'printed' || known.outcome === 'confirmed')) {
        outcome.value = { saleId: known.saleId, state: 'confirmed', order: known.order, changeCents: null, printed: known.printed }
      }
    },
  )

  /** What is still to pay: the whole, or a split sale's rest once its cash part is taken (main's figure). */
  const dueCents = computed(() => outcome.value?.dueCents ?? invoice.value?.amountCents ?? 0)

  /** `partCents`: split tender at the counter, this much in cash now and the rest on the card. */
  async function pay(input: { testCard?: TestCardName } | { tenderedCents: number; partCents?: number } | { approvalCode: string }): Promise<void> {
    const current = invoice.value
    if (!current || paying.value) return
    paying.value = true
    stopping.value = false
    progress.value = null
    const unsubscribe = useFoyer().checkout.onProgress((news) => {
      if (news.saleId === current.saleId) progress.value = news
    })
    // Paused while the terminal has the sale (a PIN takes time); main stops a payment nobody finishes.
    idle.pause('payment')
    // Kept for this tab while the payment is under way: a window that reloads meanwhile still knows which sale to ask about.
    saleOutcome.remember(current.saleId)
    try {
      const request =
        'tenderedCents' in input
          ? { saleId: current.saleId, tender: 'cash' as const, tenderedCents: input.tenderedCents, ...(input.partCents ? { partCents: input.partCents } : {}) }
          : 'approvalCode' in input
            ? { saleId: current.saleId, tender: 'standalone' as const, approvalCode: input.approvalCode }
            : { saleId: current.saleId, tender: 'card' as const, ...(input.testCard ? { testCard: input.testCard } : {}) }
      if (request.tender === 'standalone') standaloneChosen.value = true
      const result = await call(() => useFoyer().checkout.pay(request))
      if (result) outcome.value = result
      // Foyer went away mid-payment (or settled the sale meanwhile): the journal says what became of it.
      else if (lostTrack(error.value)) saleOutcome.follow(current.saleId)
      // Refused (a mistyped code, no shift): the sale is still as it was, and the integrated terminal still offered.
      else if (request.tender === 'standalone') standaloneChosen.value = false
    } finally {
      unsubscribe()
      paying.value = false
      idle.resume('payment')
      saleOutcome.paymentOver()
    }
  }

  /** The customer gives up while the terminal waits for their card: main tells the terminal to stop. */
  async function stopPayment(): Promise<void> {
    const current = invoice.value
    if (!current || !paying.value || stopping.value) return
    stopping.value = true
    await call(() => useFoyer().checkout.abortPayment({ saleId: current.saleId }))
    if (lostTrack(error.value)) saleOutcome.follow(current.saleId)
  }

  /** "Try again" after an error: placing the order again, or, once there is a sale, finding out where it stands. */
  async function retry(): Promise<void> {
    const current = invoice.value
    if (!current) {
      await begin()
      return
    }
    error.value = null
    if (saleOutcome.saleId === current.saleId) await saleOutcome.ask()
    else saleOutcome.follow(current.saleId)
  }

  /** The customer gives up before paying: the order is voided and its seats go back. */
  async function cancel(): Promise<void> {
    const current = invoice.value
    if (current && !finished.value) await call(() => useFoyer().checkout.cancel({ saleId: current.saleId }))
    if (current && lostTrack(error.value)) {
      saleOutcome.follow(current.saleId)
      return
    }
    invoice.value = null
    outcome.value = null
    standaloneChosen.value = false
    cart.checkingOut = false
  }

  /** After a finished sale, or for the next customer: an open (unpaid) order is voided, the rest forgotten. */
  async function reset(): Promise<void> {
    const lost = saleOutcome.outcome
    // Whether the order is still open: the journal's word when the screen lost track, else the screen's own.
    const open = lost ? (lost.outcome === 'unpaid' ? lost.saleId : null) : invoice.value && !finished.value ? invoice.value.saleId : null
    saleOutcome.forget()
    if (open) await call(() => useFoyer().checkout.cancel({ saleId: open }))
    invoice.value = null
    outcome.value = null
    progress.value = null
    standaloneChosen.value = false
    cart.checkingOut = false
    error.value = null
  }

  return { invoice, outcome, dueCents, testCards, paying, stopping, progress, busy, error, tender, atCounter, finished, begin, pay, stopPayment, retry, cancel, reset }
})
