import { onMounted, onUnmounted } from 'vue'

/**
 * Headphones plugged into the kiosk's jack start audio guidance, where the
 * platform tells (the media devices' `devicechange`: an audio output more than
 * before). Many kiosks' jacks do not report a plug at all: the keypad's keys
 * always start it too.
 */
async function outputs(): Promise<number | null> {
  const devices = navigator.mediaDevices
  if (typeof devices?.enumerateDevices !== 'function') return null
  try {
    return (await devices.enumerateDevices()).filter((device) => device.kind === 'audiooutput').length
  } catch {
    return null
  }
}

export function useHeadsetStart(onPlugged: () => void): void {
  let known: number | null = null
  const changed = async () => {
    const now = await outputs()
    if (now !== null && known !== null && now > known) onPlugged()
    known = now
  }
  onMounted(async () => {
    known = await outputs()
    navigator.mediaDevices?.addEventListener?.('devicechange', changed)
  })
  onUnmounted(() => navigator.mediaDevices?.removeEventListener?.('devicechange', changed))
}
