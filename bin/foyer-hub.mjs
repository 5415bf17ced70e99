#!/usr/bin/env node
// `foyer-hub` (package.json "bin"): the hub's command line, hub/cli/foyer-hub.ts. It runs the bundle
// `npm run build:hub` makes (out/hub/foyer-hub.mjs: plain JavaScript, under a second of CPU to load) when
// that bundle is current, and otherwise the TypeScript sources through tsx, as a developer changing them
// expects (about 2 CPU-s a start). Either runs in this process rather than another one, so under systemd
// the service's main process is the hub itself: SIGTERM reaches it, and its exit status is the unit's.
// Both are found from this file, not from the working directory.
import { hubBundle, hubBundleIsCurrent } from './hub-bundle.mjs'

if (hubBundleIsCurrent()) {
  await import(hubBundle)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../hub/cli/foyer-hub.ts')
}
