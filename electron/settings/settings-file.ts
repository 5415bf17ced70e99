import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { isTempFileOf, tempPrefix, writeFileAtomic } from './atomic-file'
import {
  DEFAULT_SETTINGS,
  SETTINGS_VERSION,
  SettingsError,
  deepFreeze,
  describeIssues,
  migrateSettings,
  settingsErrorFrom,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from './settings-schema'
import { newInstallationId } from './terminal-settings'

export { DEFAULT_SETTINGS, SettingsError, type BackendConfig, type Settings, type SettingsPatch, type UpdateSettings } from './settings-schema'
export type { TerminalSettings } from './terminal-settings'

export const SETTINGS_FILE = 'settings.json'

export interface SettingsStoreOptions {
  /** Clock for the name of a moved-aside file; tests inject their own. */
  now?: () => Date
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

/**
 * Everything Foyer remembers between runs except secrets (those are in the
 * credential vault): mode, backend, vendor endpoints, timings, the staff PIN
 * hash, where updates come from, the card terminal. One store per user-data folder; it is the only writer of its file.
 */
export class SettingsFile {
  /** Problems found when opening, for the admin screen and the log; each says what happened and where the old file went. */
  readonly warnings: readonly string[]
  private readonly file: string
  private current: Settings
  // The id this installation takes when its first terminal is set up: one per store, so a preview and the update it previews agree.
  private readonly spareInstallationId = newInstallationId()
  // Updates run one after another, each on the result of the last, so none is lost.
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(file: string, settings: Settings, warnings: string[]) {
    this.file = file
    this.current = deepFreeze(structuredClone(settings))
    this.warnings = Object.freeze(warnings)
  }

  static async open(dir: string, options: SettingsStoreOptions = {}): Promise<SettingsFile> {
    const now = options.now ?? (() => new Date())
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const file = join(dir, SETTINGS_FILE)
    await sweepTempFiles(dir, file)
    const warnings: string[] = []
    const settings = await load(dir, file, now, warnings)
    return new SettingsFile(file, settings, warnings)
  }

  /** The current settings, deeply frozen: change them through update(). */
  get(): Settings {
    return this.current
  }

  /**
   * Validates the patch, writes the merged settings atomically, and only then
   * makes them current. A refused patch changes nothing, on disk or in memory.
   */
  update(patch: SettingsPatch): Promise<Settings> {
    const result = this.queue.then(() => this.apply(patch))
    this.queue = result.catch(() => undefined)
    return result
  }

  /**
   * The settings this patch would give if applied now, checked as update()
   * checks them, without saving anything. Throws the same SettingsError a
   * refused update would. (A backend switch connects with these before any
   * of it is saved: see the admin service's settings.update.)
   */
  preview(patch: SettingsPatch): Settings {
    return deepFreeze(merge(this.current, patch, this.spareInstallationId))
  }

  private async apply(patch: SettingsPatch): Promise<Settings> {
    const next = merge(this.current, patch, this.spareInstallationId)
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`)
    this.current = deepFreeze(next)
    return this.current
  }
}

/** `current` with the patch applied, both checked; throws a SettingsError naming the first bad field. */
function merge(current: Settings, patch: SettingsPatch, installationId: string): Settings {
  const parsedPatch = settingsPatchSchema.safeParse(patch)
  if (!parsedPatch.success) throw settingsErrorFrom(parsedPatch.error)
  const { backends, updates, ...fields } = parsedPatch.data
  const merged = {
    ...current,
    ...definedOnly(fields),
    backends: { ...current.backends, ...definedOnly(backends ?? {}) },
    updates: { ...current.updates, ...definedOnly(updates ?? {}) },
  }
  // The first terminal set up gives this installation its id there; it stays, whatever terminal comes later.
  if (merged.terminal !== null && merged.installationId === null) merged.installationId = installationId
  // The whole result is checked again: some rules (the selected backend is configured) span fields.
  const parsed = settingsSchema.safeParse(merged)
  if (!parsed.success) throw settingsErrorFrom(parsed.error)
  return parsed.data
}

/** `{ mode: undefined }` means "no change", not "clear the mode". */
function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** Reads settings.json; anything unusable is moved aside (never deleted) and the defaults are used. */
async function load(dir: string, file: string, now: () => Date, warnings: string[]): Promise<Settings> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return DEFAULT_SETTINGS
    return setAside(dir, file, now, warnings, `could not be read (${errorCode(error) ?? 'unknown error'})`, error)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return setAside(dir, file, now, warnings, 'is not valid JSON', error)
  }
  // A file from an older Foyer is brought up to date in memory; the next update writes it in the new form.
  const parsed = settingsSchema.safeParse(migrateSettings(json))
  if (parsed.success) return parsed.data
  const version = (json as { version?: unknown } | null)?.version
  const problem =
    typeof version === 'number' && version > SETTINGS_VERSION
      ? `was written by a newer Foyer (settings version ${version})`
      : `has invalid settings (${describeIssues(parsed.error)})`
  return setAside(dir, file, now, warnings, problem, parsed.error)
}

async function setAside(
  dir: string,
  file: string,
  now: () => Date,
  warnings: string[],
  problem: string,
  cause: unknown,
): Promise<Settings> {
  let aside: string
  try {
    aside = await moveAside(dir, file, now())
  } catch (error) {
    // Starting from defaults now would overwrite the file on the next update; better to stop and say why.
    throw new SettingsError(null, `${SETTINGS_FILE} ${problem} and could not be moved aside (${errorCode(error) ?? 'unknown error'})`, {
      cause,
    })
  }
  warnings.push(`${SETTINGS_FILE} ${problem}; it was moved to ${aside} and the default settings are in use`)
  return DEFAULT_SETTINGS
}

/** Renames the file to `settings.corrupt-<timestamp>.json`, never over an earlier one. Returns the new name. */
async function moveAside(dir: string, file: string, when: Date): Promise<string> {
  const stamp = when.toISOString().replace(/[:.]/g, '-')
  for (let n = 0; ; n++) {
    const name = `settings.corrupt-${stamp}${n === 0 ? '' : `-${n}`}.json`
    const target = join(dir, name)
    if (await exists(target)) continue
    await rename(file, target)
    return name
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false
    throw error
  }
}

/**
 * A crash between creating a temp file and renaming it leaves the temp file
 * behind; the real file is intact, so the leftover is just removed. Temp files
 * of this process are left alone in case another store here is mid-write.
 */
async function sweepTempFiles(dir: string, file: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const ours = name.startsWith(`${tempPrefix(file)}${process.pid}.`)
    if (isTempFileOf(file, name) && !ours) await rm(join(dir, name), { force: true })
  }
}
