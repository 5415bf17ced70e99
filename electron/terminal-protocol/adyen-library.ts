import * as library from '@adyen/api-library'

/**
 * Adyen's Node library, the one way Foyer reaches it. It is CommonJS, and
 * Node's ESM loader (the browser host and scripts run as ESM) sees only some
 * of its exports by name: Client, TerminalLocalAPI and NexoCrypto are on its
 * module object alone. A bundler (Electron main) gives the names directly.
 */
const adyen = ((library as { default?: typeof library }).default ?? library) as typeof library

export const { Client, TerminalLocalAPI, NexoCrypto, EnvironmentEnum } = adyen
