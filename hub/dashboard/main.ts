import './styles.css'
import { createDashboardApp } from './create-app'

createDashboardApp().mount('#app')
