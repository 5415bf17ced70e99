import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { boundaryMessages, hubLayers, hubPages, layers, rendererIsland, rendererLayers } from '../../eslint.config.js'

/**
 * Pins the lint rules that say where code may run. Each case lints a snippet
 * as if it lived at the given path, through the project's real ESLint config.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

function expectOneViolation(errors: string[], message: string): void {
  expect(errors).toHaveLength(1)
  expect(errors[0]).toContain(message)
}

describe('where code may run', () => {
  it.each([
    ['electron/services/new-service.ts', "import { app } from 'electron'\nexport const x = app\n"],
    ['electron/browser-host/new-file.ts', "import { ipcMain } from 'electron'\nexport const x = ipcMain\n"],
    ['electron/contract/new-file.ts', "import { contextBridge } from 'electron'\nexport const x = contextBridge\n"],
    ['electron/services/other.ts', "import * as e from 'electron/main'\nexport const x = e\n"],
  ])('plain-Node module %s may not import electron', async (path, source) => {
    expectOneViolation(await importErrors(path, source), boundaryMessages.electron)
  })

  it.each([
    ['electron/main/new-window.ts', "import { BrowserWindow } from 'electron'\nexport const x = BrowserWindow\n"],
    ['electron/preload/extra.ts', "import { ipcRenderer } from 'electron'\nexport const x = ipcRenderer\n"],
  ])('%s may import electron', async (path, source) => {
    expect(await importErrors(path, source)).toEqual([])
  })

  it.each([
    ["import { app } from 'electron'", boundaryMessages.rendererNode],
    ["import { createAppServices } from '../../electron/services/app-services'", boundaryMessages.rendererReach],
    ["import { handleContract } from '../../../electron/main/ipc'", boundaryMessages.rendererReach],
    ["import { readFileSync } from 'node:fs'", boundaryMessages.rendererNode],
    ["import { join } from 'path'", boundaryMessages.rendererNode],
  ])('the renderer may not `%s`', async (statement, message) => {
    expectOneViolation(await importErrors('renderer/src/screens/Offending.ts', `${statement}\nexport const y = 1\n`), message)
  })

  it('the renderer may import the contract, by alias or by path', async () => {
    const source =
      "import { channels } from '@contract'\nimport { pushes } from '../../../electron/contract/pushes'\nexport const z = [channels, pushes]\n"
    expect(await importErrors('renderer/src/stores/fine.ts', source)).toEqual([])
  })

  it('flags the same import inside a Vue single-file component', async () => {
    const source = "<script setup lang=\"ts\">\nimport { ipcRenderer } from 'electron'\nconsole.log(ipcRenderer)\n</script>\n<template><div /></template>\n"
    expectOneViolation(await importErrors('renderer/src/components/Offending.vue', source), boundaryMessages.rendererNode)
  })

  it('forbids v-html in the renderer', async () => {
    const [result] = await eslint.lintText('<template><p v-html="title"></p></template>\n', {
      filePath: 'renderer/src/components/Unsafe.vue',
    })
    expect(result?.messages.map((m) => m.ruleId)).toContain('vue/no-v-html')
  })
})

/** The rule ids that hold electron/'s layers and cycles, with their messages, for a snippet linted at filePath. */
async function layerErrors(filePath: string, source: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(source, { filePath })
  const held = ['boundaries/dependencies', 'foyer/import-cycles', 'no-restricted-imports']
  return (result?.messages ?? []).filter((m) => held.includes(m.ruleId ?? '') || m.fatal).map((m) => ({ ruleId: m.ruleId, message: m.message }))
}

describe("electron/'s layers (docs/architecture.md)", () => {
  it('every folder of electron/ has its layer, or is the sandbox island', () => {
    const placed = new Set([...layers.flat(), 'sandbox'])
    const folders = readdirSync('electron', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    expect(folders.filter((f) => !placed.has(f))).toEqual([])
  })

  it.each([
    ['electron/journal/new-book.ts', "import { cardFromSteps } from '../printing/format'\nexport const x = cardFromSteps\n"],
    ['electron/checkout/new-step.ts', "import { createAppServices } from '../services/app-services'\nexport const x = createAppServices\n"],
    ['electron/contract/new-channel.ts', "import { FoyerError } from '../ipc-core/foyer-error'\nexport const x = FoyerError\n"],
    ['electron/vault/new-entry.ts', "import { readBoundSecret } from '../vault/origin-bound-secret'\nimport { SettingsFile } from '../settings/settings-file'\nexport const x = [readBoundSecret, SettingsFile]\n"],
    ['electron/payment/new-terminal.ts', "import { TEST_CARDS } from '../sandbox/terminal/nexo-answers'\nexport const x = TEST_CARDS\n"],
    ['electron/sandbox/new-route.ts', "import { AdyenTerminal } from '../payment/adyen/adyen-terminal'\nexport const x = AdyenTerminal\n"],
  ])('%s may not import back up, sideways against the table, or across the sandbox island', async (path, source) => {
    const errors = await layerErrors(path, source)
    expect(errors).toEqual([{ ruleId: 'boundaries/dependencies', message: boundaryMessages.layers }])
  })

  it.each([
    ['electron/journal/new-book.ts', "import { LocalDb } from '../database/local-db'\nimport { centsOf } from '../contract/money'\nexport const x = [LocalDb, centsOf]\n"],
    ['electron/checkout/new-step.ts', "import { CounterDesk } from '../counter/counter-desk'\nimport { venuesFromSteps } from '../journal/sale-steps'\nexport const x = [CounterDesk, venuesFromSteps]\n"],
    ['electron/settings/new-rule.ts', "import { CredentialVault } from '../vault/credential-vault'\nexport const x = CredentialVault\n"],
    ['electron/sandbox/new-route.ts', "import { TEST_CARDS } from '../terminal-protocol/test-cards'\nexport const x = TEST_CARDS\n"],
  ])('%s may import downward and along the table', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([])
  })

  it('a cycle between modules of electron/ fails', async () => {
    // The dispatcher imports foyer-error; foyer-error importing the dispatcher closes a circle.
    const errors = await layerErrors('electron/ipc-core/foyer-error.ts', "import { createDispatcher } from './dispatcher'\nexport const x = createDispatcher\n")
    expect(errors).toEqual([{ ruleId: 'foyer/import-cycles', message: expect.stringContaining('Import cycle: electron/ipc-core/foyer-error.ts → electron/ipc-core/dispatcher.ts → electron/ipc-core/foyer-error.ts') }])
  })

  it.each([
    ['import type { Dispatcher } from', "import type { Dispatcher } from './dispatcher'\nexport type X = Dispatcher\n"],
    ['import { type Dispatcher } from', "import { type Dispatcher } from './dispatcher'\nexport type X = Dispatcher\n"],
  ])('a cycle through `%s` fails too', async (_kind, source) => {
    const errors = await layerErrors('electron/ipc-core/foyer-error.ts', source)
    expect(errors).toEqual([{ ruleId: 'foyer/import-cycles', message: expect.stringContaining('through a type-only import: electron/ipc-core/foyer-error.ts → electron/ipc-core/dispatcher.ts → electron/ipc-core/foyer-error.ts') }])
  })

  it("a cycle between the renderer's single-file components fails", async () => {
    // EventSearch.vue shows OnScreenKeyboard.vue; the keyboard importing the search closes a circle.
    const source = "<script setup lang=\"ts\">\nimport EventSearch from './EventSearch.vue'\nconsole.log(EventSearch)\n</script>\n<template><div /></template>\n"
    const errors = await layerErrors('renderer/src/components/OnScreenKeyboard.vue', source)
    expect(errors).toEqual([{ ruleId: 'foyer/import-cycles', message: expect.stringContaining('Import cycle: renderer/src/components/OnScreenKeyboard.vue → renderer/src/components/EventSearch.vue → renderer/src/components/OnScreenKeyboard.vue') }])
  })

  it('a cycle closed by an import() loaded later fails too', async () => {
    // pinyin-browse.ts loads pinyin-search.ts with import() the first time Latin letters are typed.
    const errors = await layerErrors('renderer/src/catalogue/pinyin-search.ts', "import { usePinyinBrowse } from './pinyin-browse'\nexport const x = usePinyinBrowse\n")
    expect(errors).toEqual([{ ruleId: 'foyer/import-cycles', message: expect.stringContaining('Import cycle: renderer/src/catalogue/pinyin-search.ts → renderer/src/catalogue/pinyin-browse.ts → renderer/src/catalogue/pinyin-search.ts') }])
  })

  it('a type-only import that closes no cycle is fine', async () => {
    expect(await layerErrors('electron/ipc-core/foyer-error.ts', "import type { Logger } from './logger'\nexport type X = Logger\n")).toEqual([])
  })

  it.each([
    ['electron/printing/new-printer.ts', "import type { Browser } from 'playwright-core'\nexport type X = Browser\n", boundaryMessages.playwright],
    ['electron/main/new-window.ts', "import { SpoolPrinter } from '../browser-host/spool-printer'\nexport const x = SpoolPrinter\n", boundaryMessages.browserHostOnly],
    ['electron/services/new-runtime.ts', "import { forkSandbox } from '../sandbox/process/fork-launcher'\nexport const x = forkSandbox\n", boundaryMessages.browserHostOnly],
    ['electron/services/new-gate.ts', "import electronUpdater from 'electron-updater'\nexport const x = electronUpdater\n", boundaryMessages.updater],
    ['electron/browser-host/new-cli.ts', "import electronUpdater from 'electron-updater'\nexport const x = electronUpdater\n", boundaryMessages.updater],
  ])('%s may not use what only the browser host (or main) may', async (path, source, message) => {
    const errors = await layerErrors(path, source)
    const restricted = errors.filter((e) => e.ruleId === 'no-restricted-imports')
    expect(restricted).toHaveLength(1)
    expect(restricted[0]?.message).toContain(message)
  })

  it('the browser host may use the spool printer and playwright', async () => {
    const source = "import type { Browser } from 'playwright-core'\nimport { SpoolPrinter } from './spool-printer'\nexport const x: [typeof SpoolPrinter, Browser | null] = [SpoolPrinter, null]\n"
    expect(await layerErrors('electron/browser-host/new-cli.ts', source)).toEqual([])
  })
})

describe("Foyer Hub's layers (docs/architecture.md)", () => {
  it('every folder of hub/ has its layer', () => {
    const folders = readdirSync('hub', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    expect(folders.filter((f) => !hubLayers.includes(f) && !(f in hubPages))).toEqual([])
  })

  it.each([
    ['hub/protocol/new-message.ts', "import { migrate } from '../storage/migrate'\nexport const x = migrate\n"],
    ['hub/storage/new-table.ts', "import { startHub } from '../server/hub-server'\nexport const x = startHub\n"],
  ])('%s may not import back up', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([{ ruleId: 'boundaries/dependencies', message: boundaryMessages.hubLayers }])
  })

  it.each([
    ['hub/protocol/new-message.ts', "import { createHash } from 'node:crypto'\nexport const x = createHash\n", boundaryMessages.hubProtocolPlain],
    ['hub/server/new-route.ts', "import { centsOf } from '../../electron/contract/money'\nexport const x = centsOf\n", boundaryMessages.hubLayers],
    ['electron/services/new-hub-link.ts', "import { startHub } from '../../hub/server/hub-server'\nexport const x = startHub\n", boundaryMessages.hubProtocolOnly],
    ['electron/journal/new-outbox.ts', "import { migrate } from '../../hub/storage/migrate'\nexport const x = migrate\n", boundaryMessages.hubProtocolOnly],
  ])('%s may not make that import', async (path, source, message) => {
    const restricted = (await layerErrors(path, source)).filter((e) => e.ruleId === 'no-restricted-imports')
    expect(restricted).toHaveLength(1)
    expect(restricted[0]?.message).toContain(message)
  })

  it.each([
    ['hub/dashboard/stores/new-store.ts', "import { startHub } from '../../server/hub-server'\nexport const x = startHub\n"],
    ['hub/dashboard/new-page.ts', "import { migrate } from '../storage/migrate'\nexport const x = migrate\n"],
    ['hub/dashboard/new-page.ts', "import { readFileSync } from 'node:fs'\nexport const x = readFileSync\n"],
    ['hub/dashboard/new-page.ts', "import { centsOf } from '../../electron/contract/money'\nexport const x = centsOf\n"],
    ['hub/dashboard/new-page.ts', "import { messages } from '../../renderer/src/i18n/messages'\nexport const x = messages\n"],
  ])('the dashboard may not make that import (%s)', async (path, source) => {
    const restricted = (await layerErrors(path, source)).filter((e) => e.ruleId === 'no-restricted-imports')
    expect(restricted).toHaveLength(1)
    expect(restricted[0]?.message).toContain(boundaryMessages.hubDashboard)
  })

  it('the dashboard imports the protocol, and the server may not import the dashboard', async () => {
    const page = "import { DASHBOARD_PATHS } from '../../protocol/dashboard'\nexport const x = DASHBOARD_PATHS\n"
    expect(await layerErrors('hub/dashboard/api/new-client.ts', page)).toEqual([])
    const server = "import { ask } from '../dashboard/api/hub-client'\nexport const x = ask\n"
    expect(await layerErrors('hub/server/new-route.ts', server)).toEqual([{ ruleId: 'boundaries/dependencies', message: boundaryMessages.hubLayers }])
  })

  it("the server's groups (hub/server/devices/, plugins/, …) are the server layer: known files, taking storage and protocol, taken by nothing below", async () => {
    const held = async (path: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: path })
      return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => ({ ruleId: m.ruleId, message: m.message }))
    }
    const route = "import { migrate } from '../../storage/migrate'\nimport { Heartbeat } from '../../protocol'\nimport { hubApp } from '../app'\nexport const x = [migrate, Heartbeat, hubApp]\n"
    for (const group of ['devices', 'staff', 'profiles', 'managers', 'live', 'page', 'plugins']) expect(await held(`hub/server/${group}/new-route.ts`, route), group).toEqual([])
    const back = "import { deviceGridRoutes } from '../server/devices/device-grid-routes'\nexport const x = deviceGridRoutes\n"
    expect(await held('hub/storage/new-table.ts', back)).toEqual([{ ruleId: 'boundaries/dependencies', message: boundaryMessages.hubLayers }])
  })

  it('the server imports storage and protocol, and electron/ imports the protocol', async () => {
    const server = "import { migrate } from '../storage/migrate'\nimport { Heartbeat } from '../protocol'\nexport const x = [migrate, Heartbeat]\n"
    expect(await layerErrors('hub/server/new-route.ts', server)).toEqual([])
    const device = "import { Heartbeat } from '../../hub/protocol'\nexport const x = Heartbeat\n"
    expect(await layerErrors('electron/services/new-hub-link.ts', device)).toEqual([])
  })
})

describe("the renderer's layers (docs/architecture.md)", () => {
  it('every folder and file of renderer/src has its layer, or is the seat map island', () => {
    const placed = new Set([...rendererLayers.flat(), ...Object.keys(rendererIsland)])
    const parts = readdirSync('renderer/src', { withFileTypes: true }).map((d) => d.name)
    expect(parts.filter((part) => !placed.has(part))).toEqual([])
  })

  it.each([
    // The idle store once took the presence service from composables/: a store under the composables that use it.
    ['renderer/src/stores/new-store.ts', "import { onPresence } from '../composables/back-to-start'\nexport const x = onPresence\n"],
    ['renderer/src/components/NewCard.vue', "<script setup lang=\"ts\">\nimport SeatsScreen from '../screens/SeatsScreen.vue'\nconsole.log(SeatsScreen)\n</script>\n<template><div /></template>\n"],
    ['renderer/src/bridge/new-bridge.ts', "import { useSystemStore } from '../stores/system'\nexport const x = useSystemStore\n"],
    ['renderer/src/composables/new-words.ts', "import { useAudioGuide } from '../audio/use-audio-guide'\nexport const x = useAudioGuide\n"],
    ['renderer/src/format.ts', "import { useLocaleStore } from './stores/locale'\nexport const x = useLocaleStore\n"],
    ['renderer/src/screens/NewScreen.ts', "import { router } from '../router'\nexport const x = router\n"],
    ['renderer/src/seatmap/new-layer.ts', "import { useSeatChoiceStore } from '../stores/seat-choice'\nexport const x = useSeatChoiceStore\n"],
    ['renderer/src/stores/new-store.ts', "import { sectionsFrom } from '../seatmap/from-api'\nexport const x = sectionsFrom\n"],
  ])('%s may not import back up, or reach the seat map where none is shown', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([{ ruleId: 'boundaries/dependencies', message: boundaryMessages.rendererLayers }])
  })

  it.each([
    ['renderer/src/stores/new-store.ts', "import { onPresence } from '../presence/presence'\nimport { useFoyer } from '../bridge/foyer'\nimport { channels } from '@contract'\nexport const x = [onPresence, useFoyer, channels]\n"],
    ['renderer/src/composables/new-data.ts', "import { useSeatChoiceStore } from '../stores/seat-choice'\nimport { sectionsFrom } from '../seatmap/from-api'\nexport const x = [useSeatChoiceStore, sectionsFrom]\n"],
    ['renderer/src/components/NewCard.vue', "<script setup lang=\"ts\">\nimport { formatDay } from '../format'\nimport { speak } from '../audio/speech'\nconsole.log(formatDay, speak)\n</script>\n<template><div /></template>\n"],
    ['renderer/src/seatmap/new-layer.ts', "import { SeatKind } from '@contract/seat-pairs'\nimport type { MapSeat } from './model'\nexport const x = SeatKind\nexport type Y = MapSeat\n"],
  ])('%s may import downward, and the seat map from the contract', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([])
  })

  it('only the seat-map component starts the drawing', async () => {
    const source = "import { createSeatMapView } from '../seatmap/seat-map-view'\nexport const x = createSeatMapView\n"
    const restricted = (await layerErrors('renderer/src/components/SeatList.ts', source)).filter((e) => e.ruleId === 'no-restricted-imports')
    expect(restricted).toHaveLength(1)
    expect(restricted[0]?.message).toContain(boundaryMessages.seatMapDrawing)
    const component = "<script setup lang=\"ts\">\nimport { createSeatMapView } from '../seatmap/seat-map-view'\nconsole.log(createSeatMapView)\n</script>\n<template><div /></template>\n"
    expect(await layerErrors('renderer/src/components/SeatMap.vue', component)).toEqual([])
  })
})

describe("Foyer's look and languages (shared/ui), worn by the renderer and the hub's dashboard", () => {
  it('the renderer and the dashboard import it', async () => {
    const source = "import { i18nOptions } from '../../../shared/ui/i18n'\nexport const x = i18nOptions\n"
    expect(await layerErrors('renderer/src/i18n/new-setup.ts', source)).toEqual([])
    expect(await layerErrors('hub/dashboard/i18n/new-setup.ts', source)).toEqual([])
  })

  it.each([
    ['hub/server/new-page.ts', "import { locales } from '../../shared/ui/i18n'\nexport const x = locales\n"],
    ['hub/protocol/new-message.ts', "import { locales } from '../../shared/ui/i18n'\nexport const x = locales\n"],
    ['electron/printing/new-words.ts', "import { locales } from '../../shared/ui/i18n'\nexport const x = locales\n"],
    ['shared/ui/new-words.ts', "import { messages } from '../../renderer/src/i18n/messages'\nexport const x = messages\n"],
    ['shared/ui/new-words.ts', "import { DASHBOARD_PATHS } from '../../hub/protocol/dashboard'\nexport const x = DASHBOARD_PATHS\n"],
  ])('%s may not make that import', async (path, source) => {
    const restricted = (await layerErrors(path, source)).filter((e) => e.ruleId === 'no-restricted-imports')
    expect(restricted).toHaveLength(1)
    expect(restricted[0]?.message).toContain(boundaryMessages.sharedUi)
  })
})
