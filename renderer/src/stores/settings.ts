import type { Reply, SettingsView } from '@contract'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useFoyer } from '../bridge/foyer'

/**
 * The settings as every screen sees them (settings.get needs no PIN: it carries
 * no secrets), asked for once and then kept fresh by main's push after each
 * change staff save, so the hold, idle and sign-out times a screen counts with
 * are the ones saved now, without a reload. The one place the renderer reads them.
 */
export const useSettingsStore = defineStore('settings', () => {
  const view = ref<SettingsView | null>(null)
  let unsubscribe: (() => void) | null = null
  let loading: Promise<SettingsView | null> | null = null

  /** Subscribes to the push first, so a change saved while the first answer is on its way is not lost. */
  function follow(): void {
    unsubscribe ??= useFoyer().settings.onChanged((next) => {
      view.value = next
    })
  }

  /** Asks main again (after a change that is not pushed, e.g. a secret stored); the answer replaces the view. */
  async function refresh(): Promise<Reply<SettingsView>> {
    follow()
    const reply = await useFoyer().settings.get()
    if (reply.ok) view.value = reply.value
    return reply
  }

  /** The view, asked for at most once: every later reader gets the pushed one. */
  function ready(): Promise<SettingsView | null> {
    if (view.value) return Promise.resolve(view.value)
    loading ??= refresh()
      .then(() => view.value)
      .finally(() => {
        loading = null
      })
    return loading
  }

  /** A view main answered some other way (the staff screen's own save): the same facts, taken at once. */
  function take(next: SettingsView): void {
    view.value = next
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { view, ready, refresh, take, dispose }
})
