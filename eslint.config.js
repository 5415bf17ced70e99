// @ts-check
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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

/** Exported so the boundary tests can check the messages they expect. */
export const boundaryMessages = {
  electron: electronOnlyInMainAndPreload.message,
  rendererReach: 'The renderer may import only the IPC contract (@contract) from electron/.',
  rendererNode: 'The renderer has no Node.js: talk to main through window.foyer.',
}

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
    ignores: ['electron/main/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInMainAndPreload], patterns: [{ regex: '^electron/', message: electronOnlyInMainAndPreload.message }] }],
    },
  },
  {
    // One route, handler group or step per function, so a newcomer can hold each in their head.
    // The sandbox's seed venues and events are tables, long by their lists rather than their logic.
    files: ['electron/**/*.ts'],
    ignores: ['electron/sandbox/seed/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: boundaryMessages.rendererNode }],
          patterns: [
            { regex: '(^|/)electron/(?!contract(/|$))', message: boundaryMessages.rendererReach },
            { regex: '^node:', message: boundaryMessages.rendererNode },
            {
              regex: '^(fs|path|os|child_process|net|http|https|crypto|url|util|worker_threads)$',
              message: boundaryMessages.rendererNode,
            },
          ],
        },
      ],
    },
  },
)
