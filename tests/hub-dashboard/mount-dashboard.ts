import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import App from '../../hub/dashboard/App.vue'
import { createDashboardI18n, type Locale } from '../../hub/dashboard/i18n'
import type { FakeHub } from './fake-hub'
import { manager } from './fixtures'

/** The whole page, as a manager's browser opens it, against the fake hub installed at fetch and EventSource. */
export async function mountDashboard(locale: Locale = 'en-SG'): Promise<VueWrapper> {
  localStorage.clear()
  document.body.innerHTML = ''
  const wrapper = mount(App, { global: { plugins: [createPinia(), createDashboardI18n(locale)] }, attachTo: document.body })
  await flushPromises()
  return wrapper
}

/** Signs in as the fixtures' manager through the sign-in form, and waits for the devices page. */
export async function signIn(wrapper: VueWrapper, hub: FakeHub): Promise<void> {
  await wrapper.get('[data-testid="sign-in-name"]').setValue(manager.name)
  await wrapper.get('[data-testid="sign-in-password"]').setValue(hub.password)
  await wrapper.get('form').trigger('submit')
  await flushPromises()
}

export function text(wrapper: VueWrapper, testId: string): string {
  return wrapper.get(`[data-testid="${testId}"]`).text()
}

/** A table's body rows, each as the text of its header and data cells in order. */
export function rows(wrapper: VueWrapper, table: string): string[][] {
  return wrapper.findAll(`[data-testid="${table}"] tbody tr`).map((tr) => tr.findAll('th, td').map((c) => c.text()))
}
