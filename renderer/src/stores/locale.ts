import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { apiLanguage, defaultLocale, isLocale, type Locale } from '../i18n'

/**
 * The customer's language. Screens read `apiLang` to ask the API in the same
 * language; App.vue mirrors `locale` into vue-i18n and the document's lang.
 */
export const useLocaleStore = defineStore('locale', () => {
  const locale = ref<Locale>(defaultLocale)
  const apiLang = computed(() => apiLanguage[locale.value])

  function setLocale(next: string): void {
    if (isLocale(next)) locale.value = next
  }

  /** Back to the kiosk's default language, for the next customer. */
  function reset(): void {
    locale.value = defaultLocale
  }

  return { locale, apiLang, setLocale, reset }
})
