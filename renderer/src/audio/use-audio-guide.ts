import { nextTick, onMounted, onUnmounted, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRoute } from 'vue-router'
import { speak, stepTexts } from './speech'
import { isTextField } from '../composables/page-controls'
import { findShortcutTarget, focusedByPointer } from '../composables/shortcuts'
import { useAudioGuideStore } from '../stores/audio-guide'
import { useCartStore } from '../stores/cart'
import { useDisplayStore } from '../stores/display'
import { useIdleStore } from '../stores/idle'
import { useLocaleStore } from '../stores/locale'
import { useSystemStore } from '../stores/system'
import { controlWords } from './control-words'
import { controlsIn, keypadScope, type ControlGroup } from './controls'
import { keypadAction, type KeypadAction } from './keypad'
import { groupHolding, keypadMove, startControl, type Direction } from './keypad-move'
import { watchLiveRegions, type LiveRegions } from './live-regions'
import { spokenText } from './spoken-text'
import { useGuideWarnings } from './guide-warnings'
import { useHeadsetStart } from './headset'

/**
 * Audio guidance, wired once (App.vue): the keypad drives the screens and
 * every focus move, new screen and change is said. Started on the attract
 * screen by any keypad key, or by headphones plugged in (guide-warnings.ts);
 * ended when the customer's session is (back on the attract screen, however
 * they got there). Off, it does nothing: touch customers never hear it.
 */
const ESCAPE = { key: 'Escape', code: 'Escape', altKey: false, ctrlKey: false, shiftKey: false, metaKey: false }
/** How long a new screen may take to show its first control (a list still loading) before the first control there is taken. */
const START_WAIT_MS = 4000
/** How long a screen's next step is waited for before its first choice is taken instead. */
const SETTLE_MS = 1200

export function useAudioGuide(): void {
  const guide = useAudioGuideStore()
  const cart = useCartStore()
  const display = useDisplayStore()
  const idle = useIdleStore()
  const localeStore = useLocaleStore()
  const system = useSystemStore()
  const route = useRoute()
  const { t, te } = useI18n()

  /** The language the guide last spoke in: the customer's, even once a start-over has put the kiosk's back. */
  let spokenIn: string = localeStore.locale
  const say = (texts: readonly string[], interrupt = true) => {
    spokenIn = localeStore.locale
    speak(
      texts.map((text) => spokenText(text, localeStore.locale)),
      localeStore.locale,
      window,
      { interrupt, volume: guide.volume(), rate: guide.rate() },
    )
  }
  useGuideWarnings(say)

  /** The group the focus was last said in: coming into another one says its name first. */
  let lastGroup: Element | null = null
  /** Set while the guide moves the focus itself (and says the words itself). */
  let movingFocus = false
  /** Bumped by every key and new screen: a screen's first control found late is not focused over the customer's own move. */
  let arrivals = 0
  let live: LiveRegions | null = null

  const focused = (): HTMLElement | null => {
    const active = document.activeElement
    return active instanceof HTMLElement && active !== document.body ? active : null
  }

  /** `group`: the control's group when the caller has it already (an arrow's move), else found. */
  function wordsFor(control: HTMLElement, withGroup?: boolean, group: ControlGroup = groupHolding(control)): string {
    const entering = withGroup ?? group.element !== lastGroup
    lastGroup = group.element
    return controlWords(control, group, t, localeStore.locale, { withGroup: entering && group.element !== null })
  }

  function focusQuietly(control: HTMLElement): void {
    movingFocus = true
    try {
      control.focus()
    } finally {
      movingFocus = false
    }
  }

  /** The focus moved by something else (a dialog opening on its safe choice): said as any move is. */
  function onFocusIn(event: FocusEvent): void {
    if (!guide.on || movingFocus || !(event.target instanceof HTMLElement)) return
    say([wordsFor(event.target)])
  }

  function move(direction: Direction): void {
    const step = keypadMove(focused(), direction)
    if (!step) return say([t('access.nav.nothing')])
    if (step.edge) return say([t(`access.nav.${step.edge}`), wordsFor(step.to, false, step.group)])
    focusQuietly(step.to)
    say([wordsFor(step.to, step.newGroup, step.group)])
  }

  /**
   * Where the focus goes when a screen comes up, or when the control pressed went away (a button that starts
   * something busy, a choice that closed): the screen's next step as soon as it can be taken ("1" or "2":
   * the seats just offered, Continue), else, once the screen has had a moment to settle, its first control
   * still to use; said after whatever the screen says of itself.
   */
  async function landOnStart(arrival: number): Promise<void> {
    const began = performance.now()
    const settled = () => performance.now() - began > SETTLE_MS
    let control = nextStep()
    while (!control && performance.now() - began < START_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      if (arrival !== arrivals) return
      control = nextStep() ?? (settled() ? startControl() : null)
    }
    control ??= startControl() ?? controlsIn(document.querySelector('main') ?? keypadScope())[0] ?? null
    if (!control || arrival !== arrivals || !guide.on) return
    focusQuietly(control)
    say([wordsFor(control, true)], false)
  }

  async function arrive(): Promise<void> {
    const arrival = ++arrivals
    await nextTick()
    if (!guide.on || arrival !== arrivals) return
    live?.forget()
    const step = typeof route.name === 'string' ? route.name : null
    say(stepTexts(document, step, t, te, localeStore.locale))
    lastGroup = null
    await landOnStart(arrival)
  }

  /**
   * After select: a control that changed in place (a count, a choice) is said again, and where that choice
   * let the screen's next step be taken (a section chosen: "Find the best seats"), the focus goes on to it;
   * a control that went away hands the focus on.
   */
  async function afterPress(control: HTMLElement, before: string, path: string, nextBefore: HTMLElement | null): Promise<void> {
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (!guide.on || route.fullPath !== path) return
    // A key of the on-screen keys: what the field holds now is the news.
    const field = control.closest('[data-keypad-echo]') && control.closest('.keyboard-field')?.querySelector<HTMLInputElement>('input, textarea')
    if (field && control.isConnected) return say([field.value === '' ? t('access.control.empty') : field.value])
    if (focused() === control && control.isConnected && !control.matches(':disabled')) {
      const now = wordsFor(control, true)
      const next = nextStep()
      if (next && next !== nextBefore && next !== control) {
        focusQuietly(next)
        return say([now, wordsFor(next, true)])
      }
      if (now !== before) say([now])
      return
    }
    if (focused() && focused() !== control) return
    await landOnStart(arrivals)
  }

  /** The screen's next step when it can be taken now: its start control marked as a main action ("1" or "2"). */
  function nextStep(): HTMLElement | null {
    const control = startControl()
    return control && Number(control.getAttribute('data-keypad-start') || 5) <= 2 ? control : null
  }

  function press(): void {
    const control = focused()
    if (!control) return move('down')
    if (isTextField(control)) return say([t('access.nav.typeHint')])
    const before = wordsFor(control, true)
    const path = route.fullPath
    const nextBefore = nextStep()
    control.click()
    void afterPress(control, before, path, nextBefore)
  }

  function back(): void {
    const target = findShortcutTarget(ESCAPE)
    if (!target) return say([t('access.nav.noBack')])
    const path = route.fullPath
    const nextBefore = nextStep()
    target.click()
    void afterPress(target, '', path, nextBefore)
  }

  function help(): void {
    const step = typeof route.name === 'string' ? route.name : ''
    say([te(`access.help.${step}`) ? t(`access.help.${step}`) : t('access.help.general'), t('access.help.keys')])
  }

  function voice(action: 'louder' | 'quieter' | 'faster' | 'slower'): void {
    const changed = guide[action]()
    say([t(changed ? `access.voice.${action}` : `access.voice.${action}Limit`)])
  }

  function act(action: KeypadAction): void {
    if (action === 'up' || action === 'down' || action === 'left' || action === 'right') move(action)
    else if (action === 'select') press()
    else if (action === 'back') back()
    else if (action === 'help') help()
    else voice(action)
  }

  /** Starts the guide for this customer: the welcome, how the keys work, then the screen and its first control. */
  function start(): void {
    if (!guide.start()) return
    display.speech = true
    say([t('access.guide.welcome'), t('access.help.keys')])
    lastGroup = null
    void landOnStart(++arrivals)
  }

  /**
   * A keypad key pressed on the idle screen while main has not yet said what this machine is (a kiosk just
   * started): kept, and the guide started once main says "self-service". A blind customer's first press is
   * never lost to a kiosk still waking up.
   */
  let keptFirstPress = false
  watch(
    () => system.info?.mode,
    (mode) => {
      if (keptFirstPress && mode === 'self-service' && route.name === 'attract' && !guide.on) start()
      keptFirstPress = false
    },
  )

  function onKeyDown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.isComposing) return
    const action = keypadAction(event)
    if (!action) return
    if (system.info === null && route.name === 'attract' && !focused()) {
      keptFirstPress = true
      return
    }
    if (system.info?.mode !== 'self-service') return
    if (!guide.on) {
      // Only the idle screen starts it: a key elsewhere (staff typing a setting) is that screen's own. And a
      // keyboard user who tabbed to a control there presses that control: only a key with nothing chosen by
      // the keyboard (the page itself, or what a touch left focused) is a keypad's first press.
      if (route.name !== 'attract') return
      const active = focused()
      if (active && !focusedByPointer(active)) return
      event.preventDefault()
      return start()
    }
    // "Are you still there?": any key is the answer (presence.ts hears it), and does nothing else.
    if (idle.warning) {
      event.preventDefault()
      return
    }
    // In a field, a key that types (a physical keyboard's letters, its delete) types.
    const target = event.target instanceof Element ? event.target : null
    if (isTextField(target) && (event.key.length === 1 || event.key === 'Backspace') && !event.key.startsWith('Arrow')) return
    event.preventDefault()
    arrivals++
    act(action)
  }

  onMounted(() => {
    window.addEventListener('keydown', onKeyDown, { capture: true })
    document.addEventListener('focusin', onFocusIn)
    live = watchLiveRegions(document.body, (text) => {
      if (guide.on) say([text], false)
    })
  })
  onUnmounted(() => {
    window.removeEventListener('keydown', onKeyDown, { capture: true })
    document.removeEventListener('focusin', onFocusIn)
    live?.stop()
  })

  /**
   * The customer's session is over: guidance off, and that said in their language (a start-over has already
   * put the kiosk back in the venue's first one by the time this runs).
   */
  function end(): void {
    const language = spokenIn
    guide.end()
    display.speech = false
    speak([t('access.guide.ended', {}, { locale: language })], language, window, { volume: guide.volume(), rate: guide.rate() })
  }

  watch(
    () => route.name,
    (name, before) => {
      if (!guide.on) return
      // Back at the start with an empty basket, however they got there (done, cancelled, walked away, back from
      // the events): over. With shows in the basket they only stepped back (to change language, say): still guided.
      if (name === 'attract' && before !== 'attract' && cart.lines.length === 0) return end()
      void arrive()
    },
  )
  watch(
    () => localeStore.locale,
    () => {
      if (guide.on) void arrive()
    },
  )
  // "Read aloud" turned off by touch while guided: the guide goes too.
  // (A start-over puts the display back to the kiosk's: the same end.)
  watch(
    () => display.speech,
    (on) => {
      if (!on && guide.on) end()
    },
  )
  // Headphones plugged in at the idle screen start it too, where the machine tells.
  useHeadsetStart(() => {
    if (route.name === 'attract' && system.info?.mode === 'self-service') start()
  })
}
