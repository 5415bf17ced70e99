import { nextTick, ref } from 'vue'

/**
 * A button that asks once more before it acts (revoke a device, close a day): asking moves the focus to
 * the confirming button, keeping things as they are moves it back to the one that asked, so someone on
 * the keyboard is never left on a button that has gone. The two refs are the buttons' template refs.
 */
export function useConfirmStep() {
  const asking = ref(false)
  const askButton = ref<HTMLButtonElement | null>(null)
  const confirmButton = ref<HTMLButtonElement | null>(null)
  async function ask(): Promise<void> {
    asking.value = true
    await nextTick()
    confirmButton.value?.focus()
  }
  async function keep(): Promise<void> {
    asking.value = false
    await nextTick()
    askButton.value?.focus()
  }
  return { asking, askButton, confirmButton, ask, keep }
}
