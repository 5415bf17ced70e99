// @ts-check
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import boundaries from 'eslint-plugin-boundaries'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importCycles } from './scripts/lint/import-cycles.js'

/**
 * Where code may run is enforced here, as Signal does: only electron/main and
 * electron/preload may import `electron`; everything else under electron/ is
 * plain Node (tested under vitest, run by the browser host). The renderer may
 * take nothing from electron/ but the IPC contract, and no Node built-ins.
 */
const electronOnlyInMainAndPreload = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron; keep this module plain Node.',
}

/**
 * electron/'s folders in layers, bottom first (docs/architecture.md says what each
 * holds). A folder may import from any lower layer; within a layer only along
 * the edges `sideways` names, so two folders of one layer never lean on each
 * other both ways. The sandbox is an island beside the stack: it may use only
 * the contract, the kiosk's database and the terminal protocol, and only the
 * composition layers above it may start it.
 */
export const layers = [
  ['contract'],
  ['ipc-core', 'database', 'security', 'branding', 'terminal-protocol', 'logging', 'printers'],
  ['api', 'journal', 'settings', 'vault'],
  ['holds', 'payment', 'printing', 'counter', 'hub-link'],
  ['checkout'],
  ['services'],
  ['main', 'preload', 'browser-host', 'kiosk'],
]
/** @type {Record<string, string[]>} */
const sideways = {
  logging: ['ipc-core'],
  settings: ['vault'],
  printing: ['payment'],
  main: ['kiosk'],
}
/**
 * Foyer Hub's folders, bottom first: each imports only from those before it. A folder's sub-folders
 * are of its layer (boundaries matches `hub/server` as the folder a file is under): the server's
 * groups, hub/server/devices/, plugins/ and the rest, are the server layer.
 */
export const hubLayers = ['protocol', 'storage', 'backup', 'server', 'cli']
/**
 * The hub's dashboard (hub/dashboard), a page in the manager's browser beside the stack: it talks to the
 * server over HTTP only, so it takes the protocol and nothing else of hub/, and nothing of Node; it
 * wears Foyer's look and languages (shared/ui) as the renderer does.
 */
export const hubPages = { dashboard: ['protocol'] }
/**
 * Foyer's look and languages (base styles, the i18n set-up), once for both of its pages: the kiosk's
 * renderer and the hub's dashboard import shared/ui, and nothing else does; it imports nothing of Foyer's.
 */
const sharedUi = { type: 'shared-ui', pattern: 'shared/ui' }
const island = { sandbox: ['contract', 'database', 'terminal-protocol'] }

/**
 * The renderer's parts (renderer/src) in layers, bottom first, as electron/'s: a part imports only from
 * the layers below it. A name with an extension is a file of renderer/src itself, the rest are its folders;
 * `contract` is electron/contract (@contract), the one thing the renderer takes from electron/, and `ui` is
 * shared/ui, the look and languages it shares with the hub's dashboard. The
 * screens sit on the components, the components on the stores and composables, those on the bridge to
 * main and the contract; the kiosk's voice (audio/) drives the page's controls, so it sits on the
 * composables; presence/ (is someone at the screen?) is a sense of the page the stores and composables
 * both use. The seat map (seatmap/) is an island beside the stack: it draws from the contract alone,
 * and only the parts that show a seat map or feed one may use it.
 */
export const rendererLayers = [
  ['contract', 'ui'],
  ['bridge', 'i18n', 'keyboard', 'presence', 'styles', 'genres.ts'],
  ['cart', 'catalogue', 'format.ts'],
  ['stores'],
  ['composables'],
  ['audio'],
  ['components'],
  ['screens', 'customer-display'],
  ['router.ts', 'App.vue'],
  ['create-app.ts'],
  ['main.ts'],
]
export const rendererIsland = { seatmap: ['contract'] }
const mayShowTheSeatMap = ['composables', 'components', 'screens']
const mayStartTheSandbox = ['services', 'main', 'browser-host']

/**
 * What each folder may import: every folder of a lower layer, plus its sideways edges.
 * @param {string} folder
 */
function allowedFrom(folder) {
  const rank = layers.findIndex((layer) => layer.includes(folder))
  const below = layers.slice(0, rank).flat()
  const sandbox = mayStartTheSandbox.includes(folder) ? ['sandbox'] : []
  return [...below, ...(sideways[folder] ?? []), ...sandbox]
}

const layerPolicies = [
  ...layers.flat().map((folder) => ({ from: { element: { type: folder } }, allow: { to: { element: { types: allowedFrom(folder) } } } })),
  ...Object.entries(island).map(([folder, uses]) => ({ from: { element: { type: folder } }, allow: { to: { element: { types: uses } } } })),
]

/** The element type (a folder) or file category (a file of renderer/src) each part of the renderer is known by. */
const rendererPart = (/** @type {string} */ part) => `renderer-${part}`
const isRendererFile = (/** @type {string} */ part) => /\.(ts|vue)$/.test(part)

/**
 * Where the renderer's parts outside renderer/src live.
 * @type {Record<string, string>}
 */
const rendererOutside = { contract: 'electron/contract', ui: sharedUi.pattern }
/**
 * The renderer's parts as boundaries knows them: its folders (and electron/contract, shared/ui) as elements,
 * the files of renderer/src itself as file categories (boundaries' elements are folders).
 */
const rendererParts = [...rendererLayers.flat(), ...Object.keys(rendererIsland)]
const rendererElements = rendererParts
  .filter((part) => !isRendererFile(part))
  .map((part) => ({ type: rendererPart(part), pattern: rendererOutside[part] ?? `renderer/src/${part}` }))
const rendererFiles = rendererParts.filter(isRendererFile).map((part) => ({ category: rendererPart(part), pattern: `renderer/src/${part}` }))

/**
 * A boundaries selector for the importing part, and one for the parts it may import.
 * @param {string} part
 */
const rendererFrom = (part) => (isRendererFile(part) ? { file: { categories: rendererPart(part) } } : { element: { type: rendererPart(part) } })
/** @param {string[]} parts */
function rendererTo(parts) {
  const folders = parts.filter((part) => !isRendererFile(part)).map(rendererPart)
  const files = parts.filter(isRendererFile).map(rendererPart)
  return [...(folders.length > 0 ? [{ element: { types: folders } }] : []), ...(files.length > 0 ? [{ file: { categories: files } }] : [])]
}

const rendererPolicies = [
  ...rendererLayers.flatMap((layer, rank) =>
    layer.map((part) => {
      const seatMap = mayShowTheSeatMap.includes(part) ? Object.keys(rendererIsland) : []
      return { from: rendererFrom(part), allow: { to: rendererTo([...rendererLayers.slice(0, rank).flat(), ...seatMap]) } }
    }),
  ),
  ...Object.entries(rendererIsland).map(([part, uses]) => ({ from: rendererFrom(part), allow: { to: rendererTo(uses) } })),
].filter((policy) => policy.allow.to.length > 0)

/** Exported so the boundary tests can check the messages they expect. */
export const boundaryMessages = {
  electron: electronOnlyInMainAndPreload.message,
  rendererReach: 'The renderer may import only the IPC contract (@contract) from electron/.',
  rendererNode: 'The renderer has no Node.js: talk to main through window.foyer.',
  updater: 'Only electron/main starts the updater (main/updater.ts); the browser host and the services never touch it.',
  playwright: 'playwright is a development package, not in the installed app: only electron/browser-host may use it.',
  browserHostOnly: 'Only electron/browser-host may use the spool printer and the plain-Node sandbox launcher.',
  hubProtocolOnly: 'electron/ may import only hub/protocol from Foyer Hub: the hub server and its storage are another program.',
  hubLayers: 'hub/ is layered (docs/architecture.md): protocol (shared with devices) < storage < server < cli (the foyer-hub command); nothing imports back up.',
  hubProtocolPlain: 'hub/protocol is shared with devices and the dashboard: plain TypeScript and zod, no Node modules.',
  hubDashboard:
    "hub/dashboard is a page in the manager's browser: it imports hub/protocol (the server over HTTP) and shared/ui (Foyer's look and languages) only, no Node modules, nothing of renderer/ or electron/.",
  sharedUi: "shared/ui is Foyer's look and languages for its two pages, the renderer and the hub's dashboard: only they import it, and it imports nothing of Foyer's and no Node module.",
  layers: "electron/ is layered (docs/architecture.md): a folder imports only from the layers below it, never back up or from the sandbox's island.",
  rendererLayers:
    "renderer/src is layered (docs/architecture.md): contract and bridge < cart and catalogue < stores < composables < audio < components < screens < the app; a part imports only from the layers below it, the seat map (an island on the contract) only where one is shown.",
  seatMapDrawing: 'Only components/SeatMap.vue starts the seat map\'s drawing (seatmap/seat-map-view): the rest of the renderer takes the seat map\'s model and words.',
}

/** Only the renderer and the hub's dashboard wear Foyer's look (shared/ui). */
const notForSharedUi = { regex: '(^|/)shared/ui(/|$)', message: boundaryMessages.sharedUi }

/**
 * The imports each part of electron/ may not make: `electron` and
 * `electron-updater` outside main and preload; and, outside the browser
 * host, what only it may use: playwright (a development package, not in the installed app) and the sandbox's
 * plain-Node fork launcher (process.fork stops working in Electron with the
 * RunAsNode fuse off; main starts the sandbox as a utility process).
 * @param {{ electron: boolean, browserHostOnly: boolean }} where
 */
function restrictedImports({ electron, browserHostOnly }) {
  const paths = electron ? [electronOnlyInMainAndPreload, { name: 'electron-updater', message: boundaryMessages.updater }] : []
  const patterns = [
    // Foyer Hub's server and storage are another program: a device reaches the hub only through its protocol.
    { regex: '(^|/)hub/(?!protocol(/|$))', message: boundaryMessages.hubProtocolOnly },
    notForSharedUi,
    ...(electron ? [{ regex: '^electron/', message: electronOnlyInMainAndPreload.message }] : []),
    ...(browserHostOnly
      ? [
          { regex: '^playwright(-core)?(/|$)|^@playwright/', message: boundaryMessages.playwright },
          { regex: '(^|/)(browser-host/spool-printer|sandbox/process/fork-launcher)$', message: boundaryMessages.browserHostOnly },
        ]
      : []),
  ]
  return { paths, patterns }
}

/**
 * How electron/, hub/ and the renderer alike are held to their layers: boundaries' elements and policies over the
 * imports as TypeScript resolves them (the tsconfig the code is built with: tsconfig.node.json, or
 * tsconfig.web.json for the renderer's @contract), and no import cycles, those through an `import type`
 * too (scripts/lint/import-cycles.js).
 * @param {{ type: string, pattern: string }[]} elements
 * @param {{ message: string, policies: object[] }} dependencies
 * @param {{ project?: string, files?: { category: string, pattern: string }[] }} [options]
 * @returns {import('typescript-eslint').ConfigWithExtends}
 */
function layeredImports(elements, dependencies, { project = 'tsconfig.node.json', files = [] } = {}) {
  return {
    plugins: { boundaries, foyer: { rules: { 'import-cycles': importCycles } } },
    settings: {
      'import/resolver': { typescript: { project } },
      'boundaries/elements': elements,
      ...(files.length > 0 ? { 'boundaries/files': files } : {}),
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', ...dependencies }],
      'boundaries/no-unknown-files': 'error',
      'foyer/import-cycles': 'error',
    },
  }
}

/**
 * Node's own modules, for code that runs where there is no Node (the renderer, the hub's protocol).
 * @param {string} message
 */
function nodeModules(message) {
  return [
    { regex: '^node:', message },
    { regex: '^(fs|path|os|child_process|net|http|https|crypto|url|util|worker_threads|buffer)$', message },
  ]
}

/**
 * What the renderer may not import: electron (it has no Node), electron/ beyond the contract, Node's
 * modules; and, outside the seat map and the one component that shows it, the seat map's drawing.
 * @param {{ drawsTheSeatMap: boolean }} where
 */
function rendererRestrictedImports({ drawsTheSeatMap }) {
  return {
    paths: [{ name: 'electron', message: boundaryMessages.rendererNode }],
    patterns: [
      { regex: '(^|/)electron/(?!contract(/|$))', message: boundaryMessages.rendererReach },
      ...nodeModules(boundaryMessages.rendererNode),
      ...(drawsTheSeatMap ? [] : [{ regex: '(^|/)seatmap/seat-map-view$', message: boundaryMessages.seatMapDrawing }]),
    ],
  }
}

/** hub/ is another program: it never reaches into electron/. */
const hubOutOfElectron = { regex: '(^|/)electron/', message: boundaryMessages.hubLayers }

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/no-v-html': 'error',
      // Formatting is not this linter's job.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue', 'tests/renderer/**/*.ts', 'tests/seatmap-harness/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Wire-level tests and benchmarks of the sandbox read raw JSON responses:
    // checking their shape is the point, so they are not typed ahead of it.
    files: ['tests/unit/sandbox/**/*.ts', 'tests/support/sandbox-*.ts', 'scripts/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/**', 'electron/preload/**', 'electron/browser-host/**'],
    rules: { 'no-restricted-imports': ['error', restrictedImports({ electron: true, browserHostOnly: true })] },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', restrictedImports({ electron: false, browserHostOnly: true })] },
  },
  {
    files: ['electron/browser-host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', restrictedImports({ electron: true, browserHostOnly: false })] },
  },
  {
    // The layers of electron/, held on every file of it; cycles between its modules fail as well.
    files: ['electron/**/*.ts'],
    ...layeredImports(
      [...layers.flat(), ...Object.keys(island)].map((folder) => ({ type: folder, pattern: `electron/${folder}` })),
      { message: boundaryMessages.layers, policies: layerPolicies },
    ),
  },
  {
    // Foyer Hub (hub/, issue #25) in its own layers: the protocol devices share, the storage, the server;
    // beside them the dashboard's page, which takes the protocol (and shared/ui) only.
    files: ['hub/**/*.ts', 'hub/**/*.vue'],
    ...layeredImports(
      [...[...hubLayers, ...Object.keys(hubPages)].map((folder) => ({ type: `hub-${folder}`, pattern: `hub/${folder}` })), sharedUi],
      {
        message: boundaryMessages.hubLayers,
        policies: [
          ...hubLayers.map((folder, rank) => ({
            from: { element: { type: `hub-${folder}` } },
            allow: { to: { element: { types: hubLayers.slice(0, rank).map((below) => `hub-${below}`) } } },
          })),
          ...Object.entries(hubPages).map(([folder, uses]) => ({
            from: { element: { type: `hub-${folder}` } },
            allow: { to: { element: { types: [`hub-${folder}`, ...uses.map((use) => `hub-${use}`), sharedUi.type] } } },
          })),
        ],
      },
    ),
  },
  {
    files: ['hub/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [hubOutOfElectron, notForSharedUi] }] },
  },
  {
    files: ['hub/protocol/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [hubOutOfElectron, notForSharedUi, ...nodeModules(boundaryMessages.hubProtocolPlain)] }] },
  },
  {
    // The dashboard runs in the manager's browser: the hub's protocol over HTTP, never its server, storage, Node or the kiosk's renderer.
    files: ['hub/dashboard/**/*.ts', 'hub/dashboard/**/*.vue'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(electron|renderer)/|(^|/)hub/(?!protocol(/|$))|^(\\.\\./)+(storage|server)(/|$)', message: boundaryMessages.hubDashboard },
            ...nodeModules(boundaryMessages.hubDashboard),
          ],
        },
      ],
    },
  },
  {
    // Foyer's look and languages, worn by both of its pages: browser code that takes nothing of Foyer's.
    files: ['shared/ui/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(electron|renderer|hub)/|^@contract(/|$)', message: boundaryMessages.sharedUi }, ...nodeModules(boundaryMessages.sharedUi)] },
      ],
    },
  },
  {
    // One route, handler group or step per function, so a newcomer can hold each in their head.
    // The sandbox's seed venues and events are tables, long by their lists rather than their logic.
    files: ['electron/**/*.ts', 'hub/**/*.ts'],
    ignores: ['electron/sandbox/seed/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: { 'no-restricted-imports': ['error', rendererRestrictedImports({ drawsTheSeatMap: false })] },
  },
  {
    // The seat map's own modules, and the one component that shows its drawing.
    files: ['renderer/src/seatmap/**/*.ts', 'renderer/src/components/SeatMap.vue'],
    rules: { 'no-restricted-imports': ['error', rendererRestrictedImports({ drawsTheSeatMap: true })] },
  },
  {
    // The renderer's own layers (renderer/src), held as electron/'s are; the seat map on its island.
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.vue'],
    ...layeredImports(rendererElements, { message: boundaryMessages.rendererLayers, policies: rendererPolicies }, { project: 'tsconfig.web.json', files: rendererFiles }),
  },
)
