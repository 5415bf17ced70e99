import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { DAY_FILES, DayDate, END_OF_DAY_PATHS, FileQuery, RANGE_FILES, RangeQuery, type DayFile, type EndOfDayAnswer, type ExportLanguage } from '../protocol'
import { cardCsv } from './card-csv'
import { cjkFontPath } from './cjk-font'
import { refuse, requireManager, route, type DashboardContext } from './dashboard-api'
import { tablesCsv } from './day-csv'
import { dayReportPdf } from './day-pdf'
import { dayTables, figureTables } from './day-tables'
import { tablesWorkbook } from './day-workbook'
import type { Queryable } from '../storage/database'
import { dayClose } from '../storage/day-close-table'
import { cardLinesOf, endOfDayFigures, type HubWindow } from './end-of-day-figures'
import { closeHubDay, dayWindow, endOfDayAnswer, hubDate, rangeWindow } from './end-of-day-views'
import { exportWords, fill } from './export-words'

/** The journal's currency: every device of a venue sells in it. */
const CURRENCY = 'SGD'
const DateParams = z.object({ date: DayDate })
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

/** The day asked for, as a window on the hub's calendar; undefined with 400 sent for a date that is none. */
export function dayOf(params: unknown, reply: FastifyReply): { date: string; window: HubWindow } | undefined {
  const parsed = DateParams.safeParse(params)
  const window = parsed.success ? dayWindow(parsed.data.date) : undefined
  if (!parsed.success || !window) void refuse(reply, 400, 'invalid-request')
  return parsed.success && window ? { date: parsed.data.date, window } : undefined
}

/** End of day for a signed-in manager: a day's figures, its close, and its files; any range of days as files. */
export function endOfDayRoutes(api: FastifyInstance, ctx: DashboardContext): void {

  api.get(route(END_OF_DAY_PATHS.day, 'date'), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const day = dayOf(request.params, reply)
    return day ? endOfDayAnswer(ctx.db, day.date, day.window) : reply
  })

  api.post(route(END_OF_DAY_PATHS.close, 'date'), async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const day = dayOf(request.params, reply)
    if (!day) return reply
    // A day not begun has nothing to close.
    if (day.date > hubDate(ctx.now())) return refuse(reply, 400, 'invalid-request')
    if (!(await closeHubDay(ctx.db, day.date, day.window, manager.name, new Date(ctx.now())))) return refuse(reply, 409, 'day-closed')
    await ctx.live.changed({ type: 'today' })
    return endOfDayAnswer(ctx.db, day.date, day.window)
  })

  for (const file of DAY_FILES) {
    api.get(route((date) => END_OF_DAY_PATHS.file(date, file), 'date'), async (request, reply) => {
      if (!(await requireManager(ctx, request, reply))) return reply
      const day = dayOf(request.params, reply)
      if (!day) return reply
      const query = FileQuery.safeParse(request.query)
      if (!query.success) return refuse(reply, 400, 'invalid-request')
      const name = `end-of-day-${day.date}${file === 'cards.csv' ? '-cards.csv' : `.${file}`}`
      if (file === 'cards.csv') return sendFile(reply, name, await cardFile(ctx.db, day.date, day.window, query.data.lang))
      return sendFile(reply, name, await dayFile(await endOfDayAnswer(ctx.db, day.date, day.window), file, ctx.venue, query.data.lang))
    })
  }

  for (const file of RANGE_FILES) {
    api.get(END_OF_DAY_PATHS.range(file), async (request, reply) => {
      if (!(await requireManager(ctx, request, reply))) return reply
      const range = RangeQuery.safeParse(request.query)
      const query = FileQuery.safeParse(request.query)
      const window = range.success ? rangeWindow(range.data.from, range.data.to) : undefined
      if (!range.success || !query.success || !window) return refuse(reply, 400, 'invalid-request')
      const tables = figureTables(await endOfDayFigures(ctx.db, window), exportWords(query.data.lang))
      const name = `sales-${range.data.from}-to-${range.data.to}.${file}`
      return sendFile(reply, name, file === 'csv' ? tablesCsv(tables) : await tablesWorkbook(tables, name))
    })
  }
}
