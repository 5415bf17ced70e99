import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { SUPPORT_FILE_MAX_BYTES, SUPPORT_FILE_PATHS, SupportFile, SupportFilesAnswer, SupportFileUpload, SupportFileUploadAnswer, SupportFileView } from '../../protocol'
import { askSupportFile, keepDownload, storeSupportFile, supportFileContent } from '../../storage/support-file-table'
import { refuse, REFUSALS, route } from '../plugins/dashboard-rules'
import { DeviceRefusal, unreadableRequest } from '../plugins/device-auth'
import type { HubRoutes } from '../plugins/zod-schemas'
import { bearerToken } from './device-tokens'
import { supportFileViewById, supportFileViews } from './support-file-views'

/**
 * A device's support file asked for from the office (hub/protocol/support-file.ts). For the devices in
 * service: the file a heartbeat's answer asked for, read by the protocol's schema before it is kept. The
 * device's own token is the one secret the hub can recognise: a file holding it is refused (its redaction
 * failed), so it never rests at the hub. A file larger than the limit is refused by Fastify (413).
 */
export const supportFileUploadRoute: HubRoutes = async (app) => {
  const schema = { body: SupportFileUpload, response: { 200: SupportFileUploadAnswer, 400: DeviceRefusal, 401: DeviceRefusal, 403: DeviceRefusal } }
  app.post(SUPPORT_FILE_PATHS.upload, { schema, bodyLimit: SUPPORT_FILE_MAX_BYTES }, async (request, reply) => {
    const { requestId, file } = request.body
    const content = JSON.stringify(file)
    const token = bearerToken(request.headers.authorization)
    if (token && content.includes(token)) {
      request.log.warn({ device: request.device.id }, 'a support file holding its device token was refused')
      return unreadableRequest(reply)
    }
    const now = new Date(app.clock())
    const outcome = await storeSupportFile(app.db, { deviceId: request.device.id, requestId, content, madeAt: new Date(file.savedAt), now })
    if (outcome === 'stored') await app.live.changed({ type: 'support-file', id: requestId }).catch(() => undefined)
    return reply.send({ outcome })
  })
}

const Id = z.object({ id: z.uuid() })

/** A file name of plain letters for the download: the device's name as far as it is ASCII, and when the device made it. */
function fileName(deviceName: string, madeAt: Date): string {
  const device = deviceName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'device'
  return `foyer-support-${device}-${madeAt.toISOString().replace(/[:.]/g, '-')}.json`
}

function sendFile(reply: FastifyReply, name: string, body: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(body)
}

/** For the signed-in group: each device's newest support file, asking for one, and downloading it; each kept in the manager's name. */
export const supportFileRoutes: HubRoutes = async (api) => {
  api.get(SUPPORT_FILE_PATHS.list, { schema: { response: { 200: SupportFilesAnswer, ...REFUSALS } } }, async () => ({
    supportFiles: await supportFileViews(api.db),
  }))

  api.post(route(SUPPORT_FILE_PATHS.ask), { schema: { params: Id, response: { 200: SupportFileView, ...REFUSALS } } }, async (request, reply) => {
    const id = await askSupportFile(api.db, request.params.id, request.manager.name, new Date(api.clock()))
    if (!id) return refuse(reply, 404, 'not-found')
    await api.live.changed({ type: 'support-file', id })
    return (await supportFileViewById(api.db, id)) ?? refuse(reply, 404, 'not-found')
  })

  // The answer is the file, not JSON of the dashboard's: no answer schema but the refusals'.
  api.get(route(SUPPORT_FILE_PATHS.download), { schema: { params: Id, response: REFUSALS } }, async (request, reply) => {
    const kept = await supportFileContent(api.db, request.params.id)
    if (!kept) return refuse(reply, 404, 'not-found')
    // Read back from the hub's own database as it was read from the device: only a support file leaves.
    const file = SupportFile.parse(JSON.parse(kept.content))
    await keepDownload(api.db, kept, request.manager.name, new Date(api.clock()))
    await api.live.changed({ type: 'support-file', id: kept.id })
    return sendFile(reply, fileName(kept.device_name, kept.made_at), `${JSON.stringify(file, null, 1)}\n`)
  })
}
