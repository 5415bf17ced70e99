import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { boundaryMessages } from '../../eslint.config.js'

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
