import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { createFoyerI18n } from './i18n'
import { createFoyerRouter } from './router'

/** Builds the renderer app; main.ts mounts it, tests mount it against real services. */
export function createFoyerApp() {
  const app = createApp(App)
  const router = createFoyerRouter()
  app.use(createPinia()).use(router).use(createFoyerI18n())
  return { app, router }
}
