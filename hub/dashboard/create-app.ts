import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { createDashboardI18n, preferredLocale } from './i18n'

/** The dashboard as an app; main.ts mounts it, tests mount it against a fake network. */
export function createDashboardApp() {
  const app = createApp(App)
  app.use(createPinia()).use(createDashboardI18n(preferredLocale(navigator.languages ?? [])))
  return app
}
