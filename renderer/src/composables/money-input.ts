import { parseMoneyInput, type MoneyInputProblem } from '@contract'
import { computed, type ComputedRef, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useLocaleStore } from '../stores/locale'

/**
 * A cash field read as staff type money in the screen's language ("1,000" is
 * a thousand dollars): its cents, or null with the reason in words when the
 * text could mean two amounts or none. An empty field has no reason to show.
 */
export interface MoneyField {
  cents: ComputedRef<number | null>
  problem: ComputedRef<string | null>
}

const problemKeys: Record<Exclude<MoneyInputProblem, 'empty'>, string> = {
  ambiguous: 'checkout.moneyInput.ambiguous',
  'too-many-decimals': 'checkout.moneyInput.tooManyDecimals',
  'too-large': 'checkout.moneyInput.tooLarge',
  malformed: 'checkout.moneyInput.malformed',
  negative: 'checkout.moneyInput.negative',
}

export function useMoneyField(text: Ref<string>): MoneyField {
  const localeStore = useLocaleStore()
  const { t } = useI18n()
  const read = computed(() => parseMoneyInput(text.value, localeStore.locale))
  return {
    cents: computed(() => (read.value.ok ? read.value.cents : null)),
    problem: computed(() => (read.value.ok || read.value.problem === 'empty' ? null : t(problemKeys[read.value.problem]))),
  }
}
