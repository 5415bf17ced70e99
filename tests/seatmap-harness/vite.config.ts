import vue from '@vitejs/plugin-vue'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/**
 * The seat-map harness: a page outside the app that hosts the real seat-map
 * components and a naive baseline, for Playwright tests and the benchmark.
 * Built to out/seatmap-harness; never part of the packaged app.
 */
const root = import.meta.dirname
export default defineConfig({
  root,
  base: './',
  plugins: [vue()],
  resolve: { alias: { '@contract': resolve(root, '../../electron/contract') } },
  build: { outDir: resolve(root, '../../out/seatmap-harness'), emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  logLevel: 'warn',
})
