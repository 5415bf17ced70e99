import { existsSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startHub } from './hub-server'

/**
 * `npm run hub [-- --data DIR --port N --host ADDR]`: Foyer Hub on PGlite in the data folder (or on
 * FOYER_HUB_DATABASE_URL's PostgreSQL), with its own certificate unless FOYER_HUB_TLS_CERT and
 * FOYER_HUB_TLS_KEY give the venue's. Prints its address, certificate fingerprint and, while no
 * manager exists, the first manager's one-time code. Serves the dashboard's built page from
 * `--dashboard` (FOYER_HUB_DASHBOARD_DIR, out/hub-dashboard) and POSTs each alert to FOYER_HUB_ALERT_WEBHOOK.
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: process.env['FOYER_HUB_DATA_DIR'] ?? '.foyer-data/hub' },
    port: { type: 'string', default: process.env['FOYER_HUB_PORT'] ?? '7443' },
    host: { type: 'string', default: process.env['FOYER_HUB_HOST'] ?? '0.0.0.0' },
    dashboard: { type: 'string', default: process.env['FOYER_HUB_DASHBOARD_DIR'] ?? 'out/hub-dashboard' },
  },
})

const hub = await startHub({
  dataDir: resolve(values.data),
  databaseUrl: process.env['FOYER_HUB_DATABASE_URL'] || undefined,
  tls: { certPath: process.env['FOYER_HUB_TLS_CERT'], keyPath: process.env['FOYER_HUB_TLS_KEY'] },
  host: values.host,
  port: Number(values.port),
  dashboardDir: resolve(values.dashboard),
  alertWebhook: process.env['FOYER_HUB_ALERT_WEBHOOK'] || undefined,
  venue: process.env['FOYER_HUB_VENUE'] || undefined,
  // A name the venue gives the hub (https://boxoffice.example:7443): the dashboard is also loaded from there.
  origins: (process.env['FOYER_HUB_ORIGINS'] ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
})
console.log(`Foyer Hub at ${hub.url} (${hub.db.kind === 'pglite' ? `PGlite in ${resolve(values.data, 'db')}` : 'PostgreSQL'})`)
if (values.host === '0.0.0.0') {
  // What devices on the venue network type or scan: this machine's own addresses.
  const port = new URL(hub.url).port
  const addresses = Object.values(networkInterfaces()).flatMap((nics) => nics ?? []).filter((nic) => nic.family === 'IPv4' && !nic.internal)
  for (const nic of addresses) console.log(`  on the venue network: https://${nic.address}:${port}`)
}
if (!existsSync(resolve(values.dashboard, 'index.html'))) {
  // The API serves devices without it; a manager opening the address would get nothing but a 404.
  console.log(`No managers’ page in ${resolve(values.dashboard)}: \`npm run build:hub-dashboard\` builds it (\`npm run hub\` does so by itself)`)
}
console.log(`Certificate fingerprint (SHA-256): ${hub.fingerprint}`)
if (hub.firstManagerCode) {
  console.log(`Kept until a first manager is made, in ${hub.firstManagerFile}`)
  console.log(`First manager's one-time enrolment code: ${hub.firstManagerCode}`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void hub.close().then(() => process.exit(0))
  })
}
