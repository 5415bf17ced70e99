import type { ErrorReply, StaffMemberView } from '@contract'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useCartStore } from './cart'
import { useCatalogueStore } from './catalogue'
import { useLocaleStore } from './locale'
import { replyRunner } from './reply'
import { useSettingsStore } from './settings'
import { useSeatChoiceStore } from './seat-choice'

/**
 * Counter mode: box-office staff sign in as themselves, name and own PIN,
 * before selling (under the same lockout as the settings screen: main's PinGate),
 * sell one walk-up customer after another ("New sale"), and sign out, which
 * gives back every seat still held. The session lives in memory only: a
 * restarted app starts signed out.
 */
export type SignInRefusal = { reason: 'wrong' } | { reason: 'locked'; retryAfterSeconds: number } | { reason: 'not-set' }

export const useCounterStore = defineStore('counter', () => {
  const signedIn = ref(false)
  /** Who main signed in: the bar names them, and a supervisor approves without typing a PIN again. */
  const who = ref<StaffMemberView | null>(null)
  /** Why the last sign-in was refused, for the screen to say in words; null after success or a new try. */
  const refusal = ref<SignInRefusal | null>(null)
  /** Whether a staff PIN exists yet; null until asked. Without one nobody can sign in. */
  const pinSet = ref<boolean | null>(null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const run = replyRunner(busy, error)

  /** Asks main whether a PIN is set (asked again: setting the first PIN is not pushed). */
  async function checkPinSet(): Promise<void> {
    const view = await run(() => useSettingsStore().refresh())
    if (view) pinSet.value = view.pinSet
  }

  async function signIn(name: string, pin: string): Promise<boolean> {
    refusal.value = null
    // Main keeps the sign-in (it refuses to sell at a counter nobody signed in to) and files every sale under it.
    const result = await run(() => useFoyer().counter.signIn({ name, pin }))
    if (!result) return false
    if (result.ok) {
      who.value = result.staff ?? null
      signedIn.value = true
      pinSet.value = true
      return true
    }
    if (result.reason === 'locked') refusal.value = { reason: 'locked', retryAfterSeconds: result.retryAfterSeconds ?? 60 }
    else if (result.reason === 'not-set') {
      refusal.value = { reason: 'not-set' }
      pinSet.value = false
    } else refusal.value = { reason: 'wrong' }
    return false
  }

  /**
   * The customer at the window is done (or walked off): every hold goes back
   * and browsing starts afresh. The one place a counter clears a sale, so
   * New sale and Sign out cannot drift apart.
   */
  async function endSale(): Promise<void> {
    useCatalogueStore().reset()
    await useCartStore().clear()
    // seatChoice.cancel asks main to release every hold (holds.releaseAll), whatever the basket knew of.
    await useSeatChoiceStore().cancel()
  }

  /** Signed out at once, whatever the network does; the holds are given back on the way out. */
  async function signOut(): Promise<void> {
    signedIn.value = false
    who.value = null
    refusal.value = null
    error.value = null
    useLocaleStore().reset()
    try {
      await endSale()
    } finally {
      // Main ends the session even when giving the sale back failed.
      await run(() => useFoyer().counter.signOut())
    }
  }

  /** The app left counter mode (staff changed it): nobody stays signed in to a mode that is gone. */
  function forget(): void {
    signedIn.value = false
    who.value = null
    refusal.value = null
  }

  return { signedIn, who, refusal, pinSet, busy, error, checkPinSet, signIn, endSale, signOut, forget }
})
