import { existsSync } from 'node:fs'
import type { ExportLanguage } from '../../protocol'

/**
 * The font the end-of-day PDF is set in, for Chinese words and names: Noto Sans CJK, a TrueType
 * collection. Looked for where the distributions put it (Debian and Ubuntu's fonts-noto-cjk first, as
 * on the hub's machine and in .ci/run), or at FOYER_HUB_CJK_FONT; found once, at the first report.
 */
const CJK_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc',
]

let found: { path: string | undefined } | undefined

/** The collection's path, or undefined when the machine has none (the report then falls back: day-pdf.ts). */
export function cjkFontPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  found ??= { path: [env['FOYER_HUB_CJK_FONT'], ...CJK_FONT_FILES].find((path) => path !== undefined && path !== '' && existsSync(path)) }
  return found.path
}

/**
 * Which font of the collection (pdfkit's registerFont takes a collection's font by its PostScript name,
 * README "TrueType Collections"): Hong Kong's traditional glyph forms for zh-HK, simplified Chinese's
 * otherwise (its Latin letters serve English and Malay).
 */
export const cjkFontFamily = (language: ExportLanguage) => (language === 'zh-HK' ? 'NotoSansCJKhk-Regular' : 'NotoSansCJKsc-Regular')
