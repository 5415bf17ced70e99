#!/usr/bin/env node
// `foyer-hub` (package.json "bin"): the hub's command line, hub/cli/foyer-hub.ts, run from its TypeScript
// through tsx as `npm run hub` always has. tsx is registered in this process rather than by starting
// another one, so under systemd the service's main process is the hub itself: SIGTERM reaches it, and
// its exit status is the unit's. tsx is found from this file, not from the working directory.
import { register } from 'tsx/esm/api'

register()
await import('../hub/cli/foyer-hub.ts')
