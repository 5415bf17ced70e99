import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

const root = import.meta.dirname
const contractAlias = { '@contract': resolve(root, 'electron/contract') }

/**
 * Foyer keeps the design card's layout (electron/main, electron/preload,
 * renderer/) rather than electron-vite's src/ defaults, so every entry is named.
 */
export default defineConfig({
  main: {
    resolve: { alias: contractAlias },
    build: {
      outDir: 'out/main',
      // The training sandbox's process (electron/main/sandbox-process.ts forks out/main/sandbox-child.js), and the
      // support file's logs worker (electron/logging/support-logs.ts starts out/main/support-logs-worker.js).
      rolldownOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          'sandbox-child': resolve(root, 'electron/sandbox/process/sandbox-child.ts'),
          'support-logs-worker': resolve(root, 'electron/logging/support-logs-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: contractAlias },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() packages: bundle everything (zod,
      // the contract) into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    resolve: { alias: contractAlias },
    plugins: [vue()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
})
