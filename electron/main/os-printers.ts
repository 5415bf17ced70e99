import { webContents } from 'electron'
import { osPrinterLister } from '../printers/os-printer-list'
import type { ListOsPrinters } from '../printers/os-queue'

/**
 * The operating system's printers for the system printer's state
 * (../printers/os-queue.ts): on Windows the spooler (through PowerShell), elsewhere
 * CUPS's queues as Electron lists them (any live contents can list them;
 * before the first window there are none, and the printer is not answering
 * until the next ask).
 */
export const listOsPrinters: ListOsPrinters = osPrinterLister(process.platform, async () => {
  const contents = webContents.getAllWebContents().find((c) => !c.isDestroyed())
  const printers = contents ? await contents.getPrintersAsync() : []
  // Options are the platform's own strings (on CUPS the queue's attributes); anything else is left out.
  return printers.map((p) => ({ name: p.name, options: Object.fromEntries(Object.entries(p.options ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')) }))
})
