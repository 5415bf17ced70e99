import type { Browser } from 'playwright-core'

/**
 * One headless Chromium for the browser host's paper (the spool printer's
 * PDFs, the raw printers' rasters): started at first use, again if it went
 * away or failed to start, closed on request. playwright-core is imported at
 * the first start, so merely loading a printer costs nothing.
 */
export class ChromiumOnDemand {
  readonly #executablePath: string
  #browser: Promise<Browser> | null = null

  /** Chromium to launch; default $FOYER_CHROMIUM, else /usr/bin/chromium. */
  constructor(executablePath?: string) {
    this.#executablePath = executablePath ?? process.env.FOYER_CHROMIUM ?? '/usr/bin/chromium'
  }

  browser(): Promise<Browser> {
    if (this.#browser) return this.#browser
    const launched = this.#start()
    this.#browser = launched
    const forget = () => {
      if (this.#browser === launched) this.#browser = null
    }
    launched.then((browser) => browser.on('disconnected', forget), forget)
    return launched
  }

  /** Closes Chromium, if anything ever started it. */
  async close(): Promise<void> {
    const browser = this.#browser
    this.#browser = null
    if (browser) await (await browser.catch(() => null))?.close()
  }

  async #start(): Promise<Browser> {
    const { chromium } = await import('playwright-core')
    return chromium.launch({
      executablePath: this.#executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    })
  }
}
