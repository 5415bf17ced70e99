// `npm run hub`: `foyer-hub serve` (bin/foyer-hub.mjs), with its managers' page. A fresh clone has no built page (out/hub-dashboard is
// made by `npm run build:hub-dashboard`), and a hub without it answered `GET /` with a JSON 404 and said
// nothing: the page is built first when it is missing, saying so. The hub's own arguments pass through.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const dashboardArg = process.argv.indexOf('--dashboard')
const dashboard = resolve(root, dashboardArg >= 0 ? process.argv[dashboardArg + 1] : (process.env.FOYER_HUB_DASHBOARD_DIR ?? 'out/hub-dashboard'))
if (!existsSync(join(dashboard, 'index.html'))) {
  console.log(`The managers’ page is not built yet (no ${join(dashboard, 'index.html')}): building it first (npm run build:hub-dashboard)…`)
  const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'hub/dashboard/vite.config.ts', '--outDir', dashboard, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
// The hub's own bundle, when a source changed since it was built (a second; bin/foyer-hub.mjs would otherwise
// run the sources through tsx, correct but slower to start).
const bundled = spawnSync(process.execPath, [join(root, 'scripts/build-hub.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' })
if (bundled.status !== 0) process.exit(bundled.status ?? 1)
// The hub runs in this process, as `foyer-hub serve` with this command's arguments, not in a child: a child
// outlived this process when something stopped it with SIGTERM (a process manager, a test), serving on with
// nobody to stop it, while signals sent here now reach the hub itself, which closes and exits.
process.argv = [process.argv[0], join(root, 'bin/foyer-hub.mjs'), 'serve', ...process.argv.slice(2)]
await import('../bin/foyer-hub.mjs')
