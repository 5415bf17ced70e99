/**
 * A short tone through the kiosk's speakers and headphones: a time-out warned
 * of by sound as well as on screen and in words (two senses, as the European
 * Accessibility Act asks of a time limit). Web Audio's own oscillator: no
 * sound file to ship. A machine without audio plays nothing.
 */
type ToneWindow = Window & { AudioContext?: typeof AudioContext }

let context: AudioContext | null = null

/** Two rising beeps, 0.15 s each, at `volume` (0 to 1). */
export function playWarningTone(volume = 0.6, win: ToneWindow = window): void {
  const Context = win.AudioContext
  if (typeof Context !== 'function') return
  context ??= new Context()
  const audio = context
  // A context made before any key or touch starts suspended; a key press has come before any warning.
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined)
  const gain = audio.createGain()
  gain.gain.value = Math.max(0, Math.min(1, volume)) * 0.5
  gain.connect(audio.destination)
  for (const [index, frequency] of [660, 880].entries()) {
    const oscillator = audio.createOscillator()
    oscillator.type = 'sine'
    oscillator.frequency.value = frequency
    oscillator.connect(gain)
    const start = audio.currentTime + index * 0.2
    oscillator.start(start)
    oscillator.stop(start + 0.15)
  }
}
