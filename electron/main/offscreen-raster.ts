import { BrowserWindow, type WebContents } from 'electron'
import { once } from 'node:events'
import type { Bitmap } from '../printers/raw/bitmap'
import type { PrintDocument } from '../printing/documents'
import { dotsOfShot, PRINTABLE_CSS_PX, rasterHtml, rasterScale, type QrOnPage } from '../printing/raster-page'
import { SECURE_WEB_PREFERENCES } from '../security/window-options'

/**
 * A document's layout as a raw thermal printer's dots, in Electron: laid out
 * in an offscreen window (no window on screen, scripts off, sandboxed, as
 * every Foyer window) whose output's device scale factor maps the printable
 * width to the printer's `widthDots`, captured with capturePage, and turned
 * into dots by ../printing/raster-page.ts, as the browser host's headless
 * Chromium does (../browser-host/chromium-raster.ts), so either host prints
 * the same paper.
 *
 * With scripts off the page cannot be measured from inside it: print media,
 * the page's height and the QR codes' boxes come from the DevTools protocol
 * (webContents.debugger), which reads the layout without running anything in
 * the page. One document at a time, as the PDF renderer.
 */
let rendering: Promise<unknown> = Promise.resolve()

export function renderBitmap(doc: PrintDocument, widthDots: number): Promise<Bitmap> {
  const rendered = rendering.then(() => rasterOf(doc, widthDots))
  rendering = rendered.catch(() => {})
  return rendered
}

async function rasterOf(doc: PrintDocument, widthDots: number): Promise<Bitmap> {
  const scale = rasterScale(widthDots)
  const window = new BrowserWindow({
    show: false,
    width: PRINTABLE_CSS_PX,
    height: 400,
    useContentSize: true,
    // A receipt is longer than any screen is tall, and the window is made as long as the page.
    enableLargerThanScreen: true,
    webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false, offscreen: { deviceScaleFactor: scale } },
  })
  const contents = window.webContents
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event) => event.preventDefault())
  try {
    contents.debugger.attach('1.3')
    await contents.debugger.sendCommand('Emulation.setEmulatedMedia', { media: 'print' })
    await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(rasterHtml(doc), 'utf8').toString('base64')}`)
    const height = await pageHeight(contents)
    const codes = await qrCodes(contents)
    // The window as long as the page, so the capture holds all of it; then one fresh frame at that size.
    const painted = once(contents, 'paint', { signal: AbortSignal.timeout(5000) }).catch(() => {})
    window.setContentSize(PRINTABLE_CSS_PX, height)
    contents.invalidate()
    await painted
    const image = await contents.capturePage({ x: 0, y: 0, width: PRINTABLE_CSS_PX, height })
    const size = image.getSize(scale)
    return dotsOfShot({ pixels: image.toBitmap({ scaleFactor: scale }), width: size.width, height: size.height, order: 'bgra' }, widthDots, codes)
  } finally {
    if (contents.debugger.isAttached()) contents.debugger.detach()
    window.destroy()
  }
}

/** The laid-out page's height in CSS pixels, whole. */
async function pageHeight(contents: WebContents): Promise<number> {
  const metrics = (await contents.debugger.sendCommand('Page.getLayoutMetrics')) as { cssContentSize: { height: number } }
  return Math.max(1, Math.ceil(metrics.cssContentSize.height))
}

/** Each QR code's box in CSS pixels (its border box's corners) and the text it holds (qr.ts puts it in data-code). */
async function qrCodes(contents: WebContents): Promise<QrOnPage[]> {
  const send = (method: string, params: object) => contents.debugger.sendCommand(method, params)
  const { root } = (await send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } }
  const { nodeIds } = (await send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'svg.qr[data-code]' })) as { nodeIds: number[] }
  const found: QrOnPage[] = []
  for (const nodeId of nodeIds) {
    const { attributes } = (await send('DOM.getAttributes', { nodeId })) as { attributes: string[] }
    const { model } = (await send('DOM.getBoxModel', { nodeId })) as { model: { border: number[] } }
    const named = attributes.findIndex((name, i) => i % 2 === 0 && name === 'data-code')
    const code = named === -1 ? undefined : attributes[named + 1]
    const xs = model.border.filter((_, i) => i % 2 === 0)
    const ys = model.border.filter((_, i) => i % 2 === 1)
    const [x, y] = [Math.min(...xs), Math.min(...ys)]
    if (code !== undefined) found.push({ box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }, code })
  }
  return found
}
