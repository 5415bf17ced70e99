import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { normaliseEnrolmentCode } from '../../protocol'
import type { HubDatabase } from '../../storage/database'
import { anyManager, firstManagerCodeState, replaceFirstManagerCode } from '../../storage/manager-table'
import { hashToken, newOneTimeCode } from '../devices/device-tokens'

/**
 * The first manager's one-time code, kept until it is used. The dashboard tells whoever opens it to
 * type "the code the hub printed when it first started": a new code at every start would make that
 * untrue after a restart. So the code lives in a file in the hub's data folder that only the hub's
 * account may read (as the kiosk keeps its enrolment code), the database holds only its hash, and
 * a start reads the kept code back while its hash is still open. Once a manager exists the file
 * is deleted, at the first manager's making or at the next start.
 */
export const FIRST_MANAGER_FILE = 'first-manager-code'

export interface FirstManagerCode {
  code: string
  /** Where the code is kept until used. */
  file: string
}

/** The code to print at start, or null when a manager exists (then no code is open). */
export async function openFirstManagerCode(db: HubDatabase, dataDir: string, now: Date): Promise<FirstManagerCode | null> {
  const file = join(dataDir, FIRST_MANAGER_FILE)
  if (await anyManager(db)) {
    await forgetFirstManagerCode(dataDir)
    return null
  }
  const kept = await readKept(file)
  if (kept !== null && (await firstManagerCodeState(db, codeHash(kept))) === 'open') {
    await chmod(file, 0o600)
    return { code: kept, file }
  }
  const code = newOneTimeCode()
  // The file first: a code that is open in the database but kept nowhere could not be read again.
  await writeKept(dataDir, file, code)
  if (!(await replaceFirstManagerCode(db, codeHash(code), now))) {
    // A manager was made meanwhile (another hub on the same PostgreSQL database).
    await forgetFirstManagerCode(dataDir)
    return null
  }
  return { code, file }
}

/** Deletes the kept code: a manager exists, so it can enrol nobody. */
export async function forgetFirstManagerCode(dataDir: string): Promise<void> {
  await rm(join(dataDir, FIRST_MANAGER_FILE), { force: true })
}

/** Hashed as typed codes will be checked: normalised as the protocol does (case, dashes, spaces). */
function codeHash(code: string): string {
  return hashToken(normaliseEnrolmentCode(code))
}

async function readKept(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Written whole or not at all (a temporary file renamed), readable by the hub's account only. */
async function writeKept(dataDir: string, file: string, code: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${code}\n`, { mode: 0o600 })
  await rename(temporary, file)
}
