import { centsFromText, centsText } from '../../protocol/cents-text'
import { PROFILE_LANGUAGES, PROFILE_SETTING_SHAPES } from '../../protocol/profile-setting-shapes'
import type { ProfileSettingName, ProfileSettings } from '../../protocol/device-profile'

/**
 * A profile's settings as the form edits them (drafts: text as typed, choices as chosen), and back
 * to the values the profile holds. A value is checked by the shape the hub parses it with
 * (hub/protocol/profile-setting-shapes.ts), so the page refuses, naming the setting, what the hub
 * would refuse; what only a device can judge it still judges there.
 */
export const VENDOR_BACKENDS = ['staging', 'production'] as const
export const BACKEND_FIELDS = ['baseUrl', 'authUrl', 'imageBaseUrl', 'tenant', 'clientId'] as const

/** A vendor backend in a profile: left as each device has it, removed, or these addresses (never its secret). */
export type BackendDraft = { how: 'keep' | 'none' | 'set' } & Record<(typeof BACKEND_FIELDS)[number], string>

export interface Drafts {
  mode: string
  backend: string
  holdWindowMinutes: string
  idleSeconds: string
  boxOfficeEmail: string
  patronDataDays: string
  cashToleranceCents: string
  counterLockMinutes: string
  eticketsWhenCannotPrint: boolean
  cashDrawer: string
  customerDisplay: boolean
  barcodeScanner: boolean
  /** The languages offered, the venue's first language first. */
  languages: string[]
  printer: { kind: string; address: string; queue: string; language: string }
  updates: { enabled: boolean; feedUrl: string; checkEveryMinutes: string; onTraining: boolean }
  backends: Record<(typeof VENDOR_BACKENDS)[number], BackendDraft>
}

const text = (value: unknown, otherwise = '') => (value === undefined || value === null ? otherwise : String(value))

function backendDraft(config: unknown): BackendDraft {
  if (config === undefined) return { how: 'keep', baseUrl: '', authUrl: '', imageBaseUrl: '', tenant: '', clientId: '' }
  const given = (config ?? {}) as Record<string, unknown>
  return { how: config === null ? 'none' : 'set', ...(Object.fromEntries(BACKEND_FIELDS.map((field) => [field, text(given[field])])) as Record<(typeof BACKEND_FIELDS)[number], string>) }
}

/** The form's drafts for a profile's settings; a setting the profile leaves out starts from a device's first-run value. */
export function draftsOf(settings: ProfileSettings): Drafts {
  const printer = (settings.printer ?? { kind: 'system' }) as Record<string, unknown>
  const updates = settings.updates ?? {}
  return {
    mode: settings.mode ?? 'self-service',
    backend: settings.backend ?? 'sandbox',
    holdWindowMinutes: text(settings.holdWindowMinutes, '15'),
    idleSeconds: text(settings.idleSeconds, '60'),
    boxOfficeEmail: settings.boxOfficeEmail ?? '',
    patronDataDays: text(settings.patronDataDays, '30'),
    cashToleranceCents: centsText(settings.cashToleranceCents ?? 500),
    counterLockMinutes: text(settings.counterLockMinutes, '5'),
    eticketsWhenCannotPrint: settings.eticketsWhenCannotPrint ?? false,
    cashDrawer: settings.cashDrawer ?? 'none',
    customerDisplay: settings.customerDisplay ?? false,
    barcodeScanner: settings.barcodeScanner ?? true,
    languages: [...(settings.languages ?? PROFILE_LANGUAGES)],
    printer: { kind: text(printer.kind, 'system'), address: text(printer.address), queue: text(printer.queue), language: text(printer.language, 'escpos') },
    updates: { enabled: updates.enabled ?? true, feedUrl: text(updates.feedUrl), checkEveryMinutes: text(updates.checkEveryMinutes, '240'), onTraining: updates.onTraining ?? false },
    backends: { staging: backendDraft(settings.backends?.staging), production: backendDraft(settings.backends?.production) },
  }
}

/** A whole number as typed (a number box's v-model hands over a number); NaN, which the shape refuses, for anything else, an empty box too. */
function whole(typed: string | number): number {
  const digits = String(typed).trim()
  return /^-?\d+$/.test(digits) ? Number(digits) : Number.NaN
}

function printerValue(draft: Drafts['printer']): unknown {
  if (draft.kind === 'ipp') return { kind: 'ipp', address: draft.address.trim(), queue: draft.queue.trim() }
  if (draft.kind === 'raw') return { kind: 'raw', address: draft.address.trim(), language: draft.language }
  return { kind: 'system' }
}

function backendsValue(drafts: Drafts['backends']): unknown {
  const value: Record<string, unknown> = {}
  for (const kind of VENDOR_BACKENDS) {
    const draft = drafts[kind]
    if (draft.how === 'none') value[kind] = null
    if (draft.how === 'set') value[kind] = Object.fromEntries(BACKEND_FIELDS.map((field) => [field, draft[field].trim()]))
  }
  return value
}

/** What the form's draft of a setting is as the profile would hold it, before the shape judges it. */
function candidate(name: ProfileSettingName, drafts: Drafts): unknown {
  switch (name) {
    case 'holdWindowMinutes':
    case 'idleSeconds':
    case 'patronDataDays':
    case 'counterLockMinutes':
      return whole(drafts[name])
    case 'cashToleranceCents':
      return centsFromText(drafts.cashToleranceCents)
    case 'boxOfficeEmail':
      return drafts.boxOfficeEmail.trim()
    case 'printer':
      return printerValue(drafts.printer)
    case 'updates':
      return { enabled: drafts.updates.enabled, feedUrl: drafts.updates.feedUrl.trim() || null, checkEveryMinutes: whole(drafts.updates.checkEveryMinutes), onTraining: drafts.updates.onTraining }
    case 'backends':
      return backendsValue(drafts.backends)
    default:
      return drafts[name]
  }
}

/** The setting's value for the profile, or null when the hub would refuse it (the page says which setting). */
export function settingValue(name: ProfileSettingName, drafts: Drafts): { value: unknown } | null {
  const parsed = PROFILE_SETTING_SHAPES[name].safeParse(candidate(name, drafts))
  return parsed.success ? { value: parsed.data } : null
}
