import type { DrawerOpening, DrawerView, ErrorReply, NoSaleReason } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { replyRunner } from './reply'

/**
 * The counter's cash drawer as main knows it (issue #34): where it is wired,
 * whether the printer says it is open (and for two minutes), and the last
 * pulse's outcome. Main opens it itself as cash is taken or goes back and as a
 * shift opens; this store asks only for what staff may: the count, and a No
 * sale with its reason. Main also refuses the next sale while the drawer is
 * open, whatever this store shows.
 */
export const useDrawerStore = defineStore('drawer', () => {
  const view = ref<DrawerView | null>(null)
  /** The No sale or count this screen asked for last, as main answered it. */
  const asked = ref<DrawerOpening | null>(null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const call = replyRunner(busy, error)
  let unsubscribe: (() => void) | null = null

  /** A drawer is set up where main can pulse it. */
  const present = computed(() => view.value !== null && view.value.state !== 'none')
  const open = computed(() => view.value?.state === 'open')
  /** The last pulse did not open the drawer: the cashier opens it with its key. */
  const failed = computed(() => (view.value?.last && !view.value.last.opened ? view.value.last : null))

  async function load(): Promise<void> {
    unsubscribe ??= useFoyer().drawer.onChanged((next) => {
      view.value = next
    })
    const now = await call(() => useFoyer().drawer.status())
    if (now) view.value = now
  }

  async function ask(request: { purpose: 'count' } | { purpose: 'no-sale'; reason: NoSaleReason }): Promise<boolean> {
    const done = await call(() => useFoyer().drawer.open(request))
    if (done) asked.value = done
    return done !== null
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { view, asked, busy, error, present, open, failed, load, ask, dispose }
})
