/**
 * Keys a customer must not be able to use on the kiosk: reload, developer
 * tools, closing or quitting, printing the page, zoom, "view source", find.
 * A pure function of a key press (Electron's `before-input-event` Input) so the
 * list is unit-tested; electron/main/kiosk.ts applies it.
 *
 * Reload, developer tools and zoom are refused in every mode (Foyer reloads
 * itself when it must, and has its own large-text setting); closing and
 * quitting only while the window is a kiosk, so staff at a counter can quit.
 */
export interface KeyPress {
  type: string
  key: string
  code?: string
  control: boolean
  meta: boolean
  alt: boolean
  shift: boolean
}

const FUNCTION_KEYS_ALWAYS = new Set(['F5', 'F12', 'BrowserRefresh', 'BrowserBack', 'BrowserForward', 'BrowserHome', 'BrowserSearch'])
/** F11 leaves full screen; F1 opens help; F3 and F7 find and caret browsing; F10 the menu. */
const FUNCTION_KEYS_IN_KIOSK = new Set(['F1', 'F3', 'F7', 'F10', 'F11'])
/** With Ctrl (Cmd on macOS): reload, print, save, open, find, view source, new window/tab, zoom. */
const COMMAND_KEYS_ALWAYS = new Set(['r', 'p', 's', 'o', 'u', 'n', 't', 'g', '+', '=', '-', '_', '0'])
/** With Ctrl/Cmd while a kiosk: close, quit, hide, minimise, switch window, find. */
const COMMAND_KEYS_IN_KIOSK = new Set(['w', 'q', 'h', 'm', 'f', 'tab', 'escape', 'f4'])
/** With Ctrl/Cmd+Shift (or Cmd+Alt): developer tools, element picker, console, task manager. */
const DEVTOOLS_KEYS = new Set(['i', 'j', 'c', 'k', 'delete', 'escape'])

export function isBlockedShortcut(input: KeyPress, options: { kiosk: boolean }): boolean {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return false
  const key = input.key.toLowerCase()
  if (FUNCTION_KEYS_ALWAYS.has(input.key)) return true
  if (options.kiosk && FUNCTION_KEYS_IN_KIOSK.has(input.key)) return true
  const command = input.control || input.meta
  if (command && input.shift && DEVTOOLS_KEYS.has(key)) return true
  if (input.meta && input.alt && DEVTOOLS_KEYS.has(key)) return true
  if (command && COMMAND_KEYS_ALWAYS.has(key)) return true
  if (options.kiosk) {
    if (command && COMMAND_KEYS_IN_KIOSK.has(key)) return true
    // Alt+F4 closes the window on Windows and many Linux desktops; Alt+Tab cannot be caught here (the OS takes it).
    if (input.alt && key === 'f4') return true
    // Alt alone (or Alt+letter) opens a hidden menu bar on Windows and Linux.
    if (input.alt && !command && (key === 'alt' || /^[a-z]$/.test(key))) return true
  }
  return false
}
