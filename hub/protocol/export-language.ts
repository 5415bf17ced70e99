import { z } from 'zod'

/**
 * The language an end-of-day file's headings and words are in: the dashboard's chosen one, sent as
 * `?lang=` with a day's file or a range's (END_OF_DAY_PATHS). English when none is sent; any other
 * value is refused (400 `invalid-request`), not guessed at. Only the server parses it: the dashboard
 * writes its own language into the link.
 */
export const EXPORT_LANGUAGES = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export const ExportLanguage = z.enum(EXPORT_LANGUAGES)
export type ExportLanguage = z.infer<typeof ExportLanguage>

/** A file's query (with a range's from and to beside it): its language. */
export const FileQuery = z.object({ lang: ExportLanguage.default('en-SG') })
