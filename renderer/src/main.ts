import './styles/base.css'
import { createFoyerApp } from './create-app'
import { isCustomerDisplayPage, mountCustomerDisplay } from './customer-display/entry'

// The customer display's page (issue #34) is its own small app; every other page is the cashier's or the kiosk's.
if (isCustomerDisplayPage(window.location, window.sessionStorage)) mountCustomerDisplay('#app')
else {
  const { app, router } = createFoyerApp()
  void router.push('/').then(() => app.mount('#app'))
}
