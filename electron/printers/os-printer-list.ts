import { execFile } from 'node:child_process'
import { z } from 'zod'
import type { ListOsPrinters, OsPrinter } from './os-queue'

/**
 * The operating system's printers, read from its print system (./os-queue.ts
 * says why not from Electron's list alone). Each command runs as a child
 * process, so main never waits on the print system; what it prints is parsed
 * (a print system is outside Foyer), and a printer that cannot be read is
 * left out, so it is "not answering" rather than ready.
 */

/** A printer as Electron lists it (webContents.getPrintersAsync): on CUPS its options are the queue's own attributes. */
export interface ListedPrinter {
  name: string
  options?: Record<string, string>
}

/** CUPS's queues from Electron's list; the default's name from `lpstat -d` (./os-printer-list.ts parseLpstatDefault). */
export function cupsPrintersOf(listed: readonly ListedPrinter[], defaultName: string | null): OsPrinter[] {
  return listed.map(({ name, options = {} }) => ({
    system: 'cups',
    name,
    isDefault: name === defaultName,
    // Every CUPS queue answers IPP at this machine's print server by its name, where the listing gives no address.
    uri: options['printer-uri-supported']?.split(',')[0]?.trim() || `ipp://localhost:631/printers/${encodeURIComponent(name)}`,
  }))
}

/** `LANG=C lpstat -d`: "system default destination: <name>", or "no system default destination". */
export function parseLpstatDefault(output: string): string | null {
  return /^system default destination: (.+)$/m.exec(output)?.[1]?.trim() || null
}

/** One printer as PowerShell's ConvertTo-Json writes Win32_Printer's fields (one printer is an object, several an array). */
const Win32Printer = z.object({
  Name: z.string().min(1),
  Default: z.boolean().nullable().optional(),
  PrinterStatus: z.number().int().nullable().optional(),
  DetectedErrorState: z.number().int().nullable().optional(),
  WorkOffline: z.boolean().nullable().optional(),
})

/** The spooler's printers from PowerShell's JSON of Win32_Printer; anything that does not parse is no printer. */
export function windowsPrintersOf(json: string): OsPrinter[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return []
  }
  const rows = Array.isArray(parsed) ? parsed : [parsed]
  return rows.flatMap((row) => {
    const printer = Win32Printer.safeParse(row)
    if (!printer.success) return []
    const p = printer.data
    return [{ system: 'windows', name: p.Name, isDefault: p.Default === true, printerStatus: p.PrinterStatus ?? 0, detectedErrorState: p.DetectedErrorState ?? 0, workOffline: p.WorkOffline === true }]
  })
}

const WIN32_PRINTERS =
  'Get-CimInstance -ClassName Win32_Printer | Select-Object Name,Default,PrinterStatus,DetectedErrorState,WorkOffline | ConvertTo-Json -Compress'

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10_000, windowsHide: true, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
}

/**
 * The lister for this platform: the spooler through PowerShell (on Windows);
 * elsewhere CUPS's queues as `listed` gives them (Electron's list) with
 * the default from `lpstat -d` (no default: none is the default).
 */
export function osPrinterLister(platform: NodeJS.Platform, listed: () => Promise<ListedPrinter[]>): ListOsPrinters {
  if (platform === 'win32') return async () => windowsPrintersOf(await run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', WIN32_PRINTERS]))
  return async () => {
    const [printers, lpstat] = await Promise.all([listed(), run('lpstat', ['-d']).catch(() => '')])
    return cupsPrintersOf(printers, parseLpstatDefault(lpstat))
  }
}
