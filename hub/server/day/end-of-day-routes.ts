import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { DAY_FILES, DayDate, END_OF_DAY_PATHS, EndOfDayAnswer, FileQuery, RANGE_FILES, RangeQuery, type DayFile, type ExportLanguage } from '../../protocol'
import { cardCsv } from './card-csv'
import { cjkFontPath } from './cjk-font'
import { refuse, refuseFields, REFUSALS, route } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { tablesCsv } from './day-csv'
import { dayReportPdf } from './day-pdf'
import { dayTables, figureTables } from './day-tables'
import { tablesWorkbook } from './day-workbook'
import type { Queryable } from '../../storage/database'
import { dayClose } from '../../storage/day-close-table'
import { cardLinesOf, endOfDayFigures, type HubWindow } from './end-of-day-figures'
import { closeHubDay, dayWindow, endOfDayAnswer, hubDate, rangeWindow } from './end-of-day-views'
import { exportWords, fill } from './export-words'

/** The journal's currency: every device of a venue sells in it. */
const CURRENCY = 'SGD'
const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf' }

function sendFile(reply: FastifyReply, name: string, body: string | Buffer) {
  const type = name.endsWith('.pdf') ? TYPES.pdf : name.endsWith('.xlsx') ? TYPES.xlsx : TYPES.csv
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${name}"`).send(body)
}

/**
 * The day's card payments, read from the typed tables when the card file is made: every one, also those
 * that reached the hub after the day's close (issue #36), marked amended, as the acquirer settles them too.
 */
async function cardFile(db: Queryable, date: string, window: HubWindow, language: ExportLanguage): Promise<string> {
  const close = await dayClose(db, date)
  return cardCsv(await cardLinesOf(db, window, close?.last_record_id ?? null), CURRENCY, exportWords(language))
}

async function dayFile(day: EndOfDayAnswer, file: Exclude<DayFile, 'cards.csv'>, venue: string, language: ExportLanguage): Promise<Buffer | string> {
  const words = exportWords(language)
  if (file === 'csv') return tablesCsv(dayTables(day, words))
  if (file === 'xlsx') return tablesWorkbook(dayTables(day, words), fill(words.workbookTitle, { date: day.date }))
  return dayReportPdf(day, venue, language, cjkFontPath())
}

/**
 * A day in the path, read by dayOf: a date that is no day on the calendar ("2026-02-30", "tomorrow")
 * is a request the manager can correct, 400 naming `date`, as End of day has answered since it was
 * made; so the schema takes any text and dayOf judges it, not the group's 404 for an id that names nothing.
 */
export const DateParams = z.object({ date: z.string() })

/** The day asked for, as a window on the hub's calendar; undefined with 400 sent for a date that is none. */
export function dayOf(date: string, reply: FastifyReply): { date: string; window: HubWindow } | undefined {
  const window = DayDate.safeParse(date).success ? dayWindow(date) : undefined
  if (!window) void refuseFields(reply, ['date'])
  return window ? { date, window } : undefined
}

/** End of day, for the signed-in group: a day's figures, its close, and its files; any range of days as files. */
export const endOfDayRoutes: HubRoutes = async (api) => {
  const dayAnswer = { params: DateParams, response: { 200: EndOfDayAnswer, ...REFUSALS } }

  api.get(route(END_OF_DAY_PATHS.day, 'date'), { schema: dayAnswer }, async (request, reply) => {
    const day = dayOf(request.params.date, reply)
    return day ? endOfDayAnswer(api.db, day.date, day.window) : reply
  })

  api.post(route(END_OF_DAY_PATHS.close, 'date'), { schema: dayAnswer }, async (request, reply) => {
    const day = dayOf(request.params.date, reply)
    if (!day) return reply
    // A day not begun has nothing to close.
    if (day.date > hubDate(api.clock())) return refuse(reply, 400, 'invalid-request')
    if (!(await closeHubDay(api.db, day.date, day.window, request.manager.name, new Date(api.clock())))) return refuse(reply, 409, 'day-closed')
    await api.live.changed({ type: 'today' })
    return endOfDayAnswer(api.db, day.date, day.window)
  })

  // The files' answers are documents, not JSON: no answer schema but the refusals'.
  const fileSchema = { params: DateParams, querystring: FileQuery, response: REFUSALS }
  for (const file of DAY_FILES) {
    api.get(route((date) => END_OF_DAY_PATHS.file(date, file), 'date'), { schema: fileSchema }, async (request, reply) => {
      const day = dayOf(request.params.date, reply)
      if (!day) return reply
      const { lang } = request.query
      const name = `end-of-day-${day.date}${file === 'cards.csv' ? '-cards.csv' : `.${file}`}`
      if (file === 'cards.csv') return sendFile(reply, name, await cardFile(api.db, day.date, day.window, lang))
      return sendFile(reply, name, await dayFile(await endOfDayAnswer(api.db, day.date, day.window), file, api.hub.venue, lang))
    })
  }

  const rangeSchema = { querystring: RangeQuery.and(FileQuery), response: REFUSALS }
  for (const file of RANGE_FILES) {
    api.get(END_OF_DAY_PATHS.range(file), { schema: rangeSchema }, async (request, reply) => {
      const { from, to, lang } = request.query
      const window = rangeWindow(from, to)
      if (!window) return refuse(reply, 400, 'invalid-request')
      const tables = figureTables(await endOfDayFigures(api.db, window), exportWords(lang))
      const name = `sales-${from}-to-${to}.${file}`
      return sendFile(reply, name, file === 'csv' ? tablesCsv(tables) : await tablesWorkbook(tables, name))
    })
  }
}
