import { match } from 'pinyin-pro'

/**
 * Chinese titles found by their pinyin, typed on the kiosk's Latin keys: a
 * customer looking for 摇滚 (rock) types `yaogun`, or just the syllables'
 * first letters, `yg`. pinyin-pro's match reads each character every way it
 * can be said, simplified or traditional (搖滾 too), so a character with two
 * readings is found by either. This module carries the library's character
 * table, so the store loads it only once a customer types Latin letters
 * (catalogue store, `pinyinReader`).
 */
const HAN = /^\p{Script=Han}$/u

/**
 * Whether the title reads as the pinyin: characters next to each other, each
 * by its full syllable or its first letter (the last may be cut short, as
 * typing goes), `v` standing for ü as on a pinyin keyboard. Only Chinese
 * characters count: "rock" finding "Rock & Roll" is the ordinary search's job.
 */
export function readsAs(title: string | null, pinyin: string): boolean {
  if (!title || pinyin === '') return false
  const at = match(title, pinyin, { continuous: true, v: true })
  if (at === null || at.length === 0) return false
  const characters = Array.from(title)
  return at.every((i) => HAN.test(characters[i] ?? ''))
}
