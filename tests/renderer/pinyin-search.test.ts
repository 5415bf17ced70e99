import { describe, expect, it } from 'vitest'
import { pinyinOf } from '../../renderer/src/catalogue/local-search'
import { readsAs } from '../../renderer/src/catalogue/pinyin-search'

/**
 * A Chinese customer at a kiosk without a keyboard types pinyin on its Latin
 * keys: `yaogun`, or the syllables' first letters `yg`, finds 摇滚 (rock).
 */
const LAWN_ZH_CN = 'Rock & Roll "Live"：河畔草地摇滚夜'
const LAWN_ZH_HK = 'Rock & Roll "Live"：河畔草地搖滾夜'

describe('which searches are read as pinyin', () => {
  it('Latin letters, two or more, spaces between syllables dropped; not Chinese, digits or signs', () => {
    expect(pinyinOf('yaogun')).toBe('yaogun')
    expect(pinyinOf(' Yao Gun ')).toBe('yaogun')
    expect(pinyinOf('yg')).toBe('yg')
    expect(pinyinOf('y')).toBeNull()
    expect(pinyinOf('摇滚')).toBeNull()
    expect(pinyinOf('k-pop')).toBeNull()
    expect(pinyinOf('2026')).toBeNull()
    expect(pinyinOf('')).toBeNull()
  })
})

describe('a title read as pinyin', () => {
  it('is found by its syllables in full or by their first letters, in simplified and traditional characters', () => {
    for (const title of [LAWN_ZH_CN, LAWN_ZH_HK]) {
      expect(readsAs(title, 'yaogun')).toBe(true)
      expect(readsAs(title, 'yg')).toBe(true)
      // The last syllable cut short, as it is while the customer types it.
      expect(readsAs(title, 'yaog')).toBe(true)
    }
    expect(readsAs('河畔草地', 'hepan')).toBe(true)
    // ü is typed as v, as on a pinyin keyboard.
    expect(readsAs('绿野仙踪', 'lvye')).toBe(true)
  })

  it('needs the characters next to each other, and only Chinese characters count', () => {
    // 河 … 摇: in the title, but not next to each other.
    expect(readsAs(LAWN_ZH_CN, 'heyao')).toBe(false)
    expect(readsAs('天鹅湖', 'yaogun')).toBe(false)
    // Latin words are the ordinary search's to find, not pinyin's.
    expect(readsAs(LAWN_ZH_CN, 'rock')).toBe(false)
    expect(readsAs('Swan Lake', 'sl')).toBe(false)
    expect(readsAs(null, 'yg')).toBe(false)
  })
})
