import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { apiLanguage, defaultLocale, locales, type Locale } from '../i18n'
import { useSettingsStore } from './settings'

/**
 * The customer's language. Screens read `apiLang` to ask the API in the same
 * language; App.vue mirrors `locale` into vue-i18n and the document's lang.
 *
 * Only the languages staff offer on this device (the `languages` setting, the
 * venue's first language first) are offered and taken; every next customer,
 * and the attract screen, start in the venue's first language. Until main has
 * said, every language is offered and English is first, as a first run has it.
 */
export const useLocaleStore = defineStore('locale', () => {
  const settings = useSettingsStore()
  const offered = computed<readonly Locale[]>(() => {
    const chosen = settings.view?.languages.filter((code) => (locales as readonly string[]).includes(code))
    return chosen && chosen.length > 0 ? chosen : locales
  })
  const first = computed<Locale>(() => offered.value[0] ?? defaultLocale)
  const locale = ref<Locale>(first.value)
  const apiLang = computed(() => apiLanguage[locale.value])

  // Staff (or the hub's profile) changed the languages: a customer still in the venue's old first language, or in
  // one no longer offered, is put in the new first one; one who chose another offered language keeps it.
  watch(offered, (now, before) => {
    if (locale.value === before[0] || !now.includes(locale.value)) locale.value = first.value
  })

  function setLocale(next: string): void {
    const found = offered.value.find((code) => code === next)
    if (found) locale.value = found
  }

  /** Back to the venue's first language, for the next customer. */
  function reset(): void {
    locale.value = first.value
  }

  return { locale, offered, apiLang, setLocale, reset }
})
