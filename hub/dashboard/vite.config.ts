import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

/**
 * Foyer Hub's dashboard page, built to out/hub-dashboard for the hub to serve (`npm run build:hub-dashboard`).
 * Paths are relative (base './') so the page works wherever the hub mounts it.
 */
const root = import.meta.dirname
export default defineConfig({
  root,
  base: './',
  plugins: [vue()],
  build: { outDir: `${root}/../../out/hub-dashboard`, emptyOutDir: true },
  logLevel: 'warn',
})
