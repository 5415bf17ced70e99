import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Replaces a file so that, whatever moment the machine loses power, the file
 * holds either the old content or the new, never a torn mix. Kiosks are
 * switched off at the wall, so this is the normal case, not an edge case.
 *
 * The data goes to a temporary file in the same folder (rename is only atomic
 * within one file system), is flushed to disk, and is renamed over the
 * target; then the folder itself is flushed so the rename is durable too.
 */
export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'wx', mode)
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncFolder(dirname(path))
}

/** Temp files for `path` are `<name>.<pid>.<random>.tmp`; the store sweeps up ones a crash left behind. */
export function tempPrefix(path: string): string {
  return `${basename(path)}.`
}

export function isTempFileOf(path: string, candidate: string): boolean {
  const prefix = tempPrefix(path)
  return candidate.startsWith(prefix) && /^[0-9]+\.[0-9a-f]{12}\.tmp$/.test(candidate.slice(prefix.length))
}

async function syncFolder(folder: string): Promise<void> {
  let handle
  try {
    handle = await open(folder, 'r')
    await handle.sync()
  } catch (error) {
    // Windows cannot open or flush a folder; NTFS journals the rename itself.
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error
  } finally {
    await handle?.close()
  }
}
