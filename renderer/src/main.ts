import './styles/base.css'
import { createFoyerApp } from './create-app'

const { app, router } = createFoyerApp()
void router.push('/').then(() => app.mount('#app'))
