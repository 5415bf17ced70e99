// Renders resources/icon.svg to the PNGs electron-builder packs into the
// installers: resources/icon.png (1024×1024, which it converts to .icns for
// macOS and .ico for Windows) and resources/icons/<n>x<n>.png (the Linux icon
// set, also the window icon on Linux). The PNGs are committed, so a release
// machine never renders them; run `npm run icon` after changing the SVG.
//
// Each size is rendered from the vector, not scaled down from 1024, so small
// sizes are drawn sharp by the browser rather than blurred by resampling.
import { chromium } from '@playwright/test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumArgs, chromiumPath } from './chromium.mjs'

const root = join(import.meta.dirname, '..')
const resources = join(root, 'resources')
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]
const MASTER_SIZE = 1024


const svg = readFileSync(join(resources, 'icon.svg'), 'utf8')
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage({ viewport: { width: MASTER_SIZE, height: MASTER_SIZE }, deviceScaleFactor: 1 })
  // The SVG is placed inline through a data URL: the page loads nothing else.
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  await page.setContent('<!doctype html><style>html,body{margin:0;background:transparent}img{display:block}</style><img alt="">')

  /** One rendering of the icon at `size` pixels square, transparent outside the tile. */
  async function render(size) {
    await page.$eval(
      'img',
      (img, [src, px]) =>
        new Promise((resolve, reject) => {
          img.onload = () => resolve()
          img.onerror = () => reject(new Error('icon.svg did not load'))
          img.width = px
          img.height = px
          img.src = `${src}#${px}` // a new URL per size, so each load fires
        }),
      [dataUrl, size],
    )
    return page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: true, type: 'png' })
  }

  writeFileSync(join(resources, 'icon.png'), await render(MASTER_SIZE))
  mkdirSync(join(resources, 'icons'), { recursive: true })
  for (const size of LINUX_SIZES) {
    writeFileSync(join(resources, 'icons', `${size}x${size}.png`), await render(size))
  }
  console.log(`[icon] wrote resources/icon.png (${MASTER_SIZE}) and resources/icons/ (${LINUX_SIZES.join(', ')})`)
} finally {
  await browser.close()
}
