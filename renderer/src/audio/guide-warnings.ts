import { watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { WARNING_SECONDS, useIdleStore } from '../stores/idle'
import { useAudioGuideStore } from '../stores/audio-guide'
import { useDisplayStore } from '../stores/display'
import { useSeatChoiceStore } from '../stores/seat-choice'
import { useSystemStore } from '../stores/system'
import { playWarningTone } from './tone'

/**
 * Time running out is told through more than one sense (the European
 * Accessibility Act's self-service rule): "Are you still there?" and the
 * seats' last minute sound a tone at every kiosk, beside what the screen
 * shows, and are said in words whenever speech is on; in audio guidance the
 * last seconds are counted aloud, and the answer (any key) is confirmed.
 */
const COUNTED = new Set([10, 5])
const HOLD_LAST_MINUTE = 60

export function useGuideWarnings(say: (texts: readonly string[], interrupt?: boolean) => void): void {
  const guide = useAudioGuideStore()
  const display = useDisplayStore()
  const idle = useIdleStore()
  const seatChoice = useSeatChoiceStore()
  const system = useSystemStore()
  const { t } = useI18n()
  const kiosk = () => system.info?.mode === 'self-service'
  const speaking = () => guide.on || display.speech

  watch(
    () => idle.warningLeft,
    (left, before) => {
      if (!kiosk()) return
      if (left === WARNING_SECONDS && before === null) {
        playWarningTone(guide.volume())
        if (speaking()) say([t('idle.title'), t('access.idle.warning', { seconds: left })])
      } else if (left !== null && COUNTED.has(left) && guide.on) {
        playWarningTone(guide.volume())
        say([t('access.idle.seconds', { seconds: left }, left)])
      } else if (left === null && before !== null && before !== undefined && before > 1 && guide.on) {
        say([t('access.idle.extended')])
      }
    },
  )

  watch(
    () => seatChoice.hold.secondsLeft,
    (left, before) => {
      if (!kiosk() || left === null || seatChoice.hold.count === 0) return
      if (left <= HOLD_LAST_MINUTE && (before === null || before === undefined || before > HOLD_LAST_MINUTE)) {
        playWarningTone(guide.volume())
        if (speaking()) say([t('access.hold.lastMinute')], false)
      }
    },
  )
}
