import { defineStore } from 'pinia'
import { ref } from 'vue'

/**
 * How this customer wants the screens shown and told: high contrast, large
 * text, the steps read aloud. Every choice is the customer's own, so the kiosk
 * puts them back to the defaults for the next one (App.vue's reset).
 * App.vue mirrors the flags onto <html> as classes; base.css does the rest.
 */
export const useDisplayStore = defineStore('display', () => {
  const highContrast = ref(false)
  const largeText = ref(false)
  const speech = ref(false)

  function toggleHighContrast(): void {
    highContrast.value = !highContrast.value
  }

  function toggleLargeText(): void {
    largeText.value = !largeText.value
  }

  function toggleSpeech(): void {
    speech.value = !speech.value
  }

  /** Back to the kiosk's defaults, for the next customer. */
  function reset(): void {
    highContrast.value = false
    largeText.value = false
    speech.value = false
  }

  return { highContrast, largeText, speech, toggleHighContrast, toggleLargeText, toggleSpeech, reset }
})

/** The classes on <html> that base.css keys its overrides on. */
export function displayClasses(display: { highContrast: boolean; largeText: boolean }): Record<string, boolean> {
  return { 'high-contrast': display.highContrast, 'large-text': display.largeText }
}
