import { ETICKET_DELIVERY, PRINTED_HERE_DELIVERY, type DeliveryMethod } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { addressAccepted, emptyAddress, type AddressForm } from '../cart/delivery-address'
import { usePrinterStore } from './printer'
import { emailProblem as problemOfEmail, emailUse as useOfEmail, patronEmail as patronEmailOf } from '../cart/patron-email'

/**
 * How the basket's tickets reach the customer: the delivery methods every line
 * allows, the one chosen, the postal address where it needs one
 * (../cart/delivery-address.ts) and the customer's e-mail
 * (../cart/patron-email.ts). The basket (cart.ts) prices the chosen method and
 * puts all of it into the order. While the kiosk sells e-tickets only (its
 * printer cannot print: ./printer.ts) only e-tickets are offered; every method
 * comes back by itself once the printer is ready.
 */
export const useDeliveryStore = defineStore('delivery', () => {
  const printer = usePrinterStore()
  /** Every method the vendor allows for the basket, in its order. */
  const allowed = ref<DeliveryMethod[]>([])
  const methods = computed(() => (printer.eticketsOnly ? allowed.value.filter((m) => m.code === ETICKET_DELIVERY) : allowed.value))
  const code = ref<string | null>(null)
  const address = ref<AddressForm>(emptyAddress())
  /** Where e-tickets go; empty: the box office's own address (an anonymous walk-up sale). */
  const email = ref('')
  /** The e-mail typed a second time, for an e-ticket: a slip in either shows. */
  const emailRepeat = ref('')

  const method = computed(() => methods.value.find((m) => m.code === code.value) ?? null)
  /** The address as main will read it (the contract's schema and limits). */
  const addressComplete = computed(() => addressAccepted(address.value))
  const emailUse = computed(() => useOfEmail(code.value))
  const emailProblem = computed(() => problemOfEmail(emailUse.value, email.value, emailRepeat.value))
  /** The customer's own address as the order will carry it; '' for the box office's. */
  const patronEmail = computed(() => patronEmailOf(emailUse.value, email.value))
  /** A method is chosen and everything it asks for is given (the e-mail, an address). */
  const complete = computed(() => method.value !== null && emailProblem.value === null && (!method.value.addressRequired || addressComplete.value))

  /** A choice no longer offered is dropped for the first offered: tickets printed here and now, where they are. */
  function keepChoiceOffered(): void {
    if (methods.value.some((m) => m.code === code.value)) return
    // Tickets printed here and now first: a walk-up customer leaves with them, and needs give no e-mail.
    const printedHere = methods.value.find((m) => m.code === PRINTED_HERE_DELIVERY)
    code.value = (printedHere ?? methods.value[0])?.code ?? null
  }
  // The printer stopped (e-tickets only) or came back: the choice follows what is offered now.
  watch(methods, keepChoiceOffered)

  /** The methods now offered, in the vendor's order. */
  function offer(offered: readonly DeliveryMethod[]): void {
    allowed.value = [...offered].sort((a, b) => a.order - b.order)
    keepChoiceOffered()
  }

  function clear(): void {
    allowed.value = []
    code.value = null
    address.value = emptyAddress()
    email.value = ''
    emailRepeat.value = ''
  }

  return { methods, code, address, email, emailRepeat, method, addressComplete, emailUse, emailProblem, patronEmail, complete, offer, clear }
})
