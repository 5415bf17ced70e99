import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `bytes` to `file` so that `file` is, at every moment, either the old one or the whole new one:
 * a temporary file in the same folder (a rename within one file system is atomic), flushed to the disk,
 * renamed over, and the folder flushed so the rename survives a power cut. Readable by the hub's account
 * only: a backup holds the hub's TLS key and the hashes of every device's token.
 */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const folder = dirname(file)
  const temporary = join(folder, `.${basename(file)}.${randomBytes(6).toString('hex')}.partial`)
  const handle = await open(temporary, 'wx', 0o600)
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await rm(temporary, { force: true })
    throw error
  }
  await handle.close()
  try {
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  const dir = await open(folder, 'r')
  try {
    await dir.sync()
  } finally {
    await dir.close()
  }
}
