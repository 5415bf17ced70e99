import { computed, onMounted, onUnmounted, ref, type Ref } from 'vue'

/**
 * A long list drawn as a CSS grid of equal rows (the events screen's 5,000
 * events), of which only the rows in the window plus a margin are in the DOM.
 * The grid's own CSS decides the columns (auto-fill) and the row height
 * (grid-auto-rows); this reads both back from the computed style, so large
 * text and narrow windows need no numbers here. The rows that are not drawn are
 * stood in for by the list's top and bottom padding, so the page keeps its full
 * height and the scroll bar its meaning.
 *
 * The page (window) scrolls, as on every other screen. Nothing waits for an
 * animation frame: the range follows scroll events, and focus moving into the
 * list, directly, and Vue batches the re-render, which also keeps tests with a
 * fake clock working.
 */
/** Quiet time after the last scroll event before the list counts as still. */
const SETTLE_MS = 150

export interface VirtualGridOptions {
  /** Rows drawn above and below the window. */
  overscanRows: number
  /** Items drawn before the grid has been measured (first paint, or no layout engine). */
  initialItems: number
}

export function useVirtualGrid(list: Ref<HTMLElement | null>, count: Ref<number>, options: VirtualGridOptions) {
  const columns = ref(1)
  /** Pixels from one row's top to the next (row height plus gap); 0 until measured. */
  const stride = ref(0)
  /** The rows the window shows now: [firstRow, lastRow). */
  const firstRow = ref(0)
  const lastRow = ref(0)

  const totalRows = computed(() => Math.ceil(count.value / columns.value))
  const measured = computed(() => stride.value > 0)
  const startRow = computed(() => (measured.value ? clamp(firstRow.value - options.overscanRows, 0, totalRows.value) : 0))
  const endRow = computed(() =>
    measured.value
      ? clamp(lastRow.value + options.overscanRows, startRow.value, totalRows.value)
      : Math.min(totalRows.value, Math.ceil(options.initialItems / columns.value)),
  )
  /** The items to draw: [start, end). */
  const start = computed(() => startRow.value * columns.value)
  const end = computed(() => Math.min(count.value, endRow.value * columns.value))
  const padTop = computed(() => startRow.value * stride.value)
  const padBottom = computed(() => (totalRows.value - endRow.value) * stride.value)
  /** Rows one window high. */
  const windowRows = ref(0)
  /** The window is within two windows of the last loaded row: time to load more, before the customer gets there. */
  const nearEnd = computed(() =>
    measured.value ? totalRows.value - lastRow.value <= Math.max(options.overscanRows, windowRows.value) * 2 : end.value >= count.value,
  )

  /**
   * True while the list moves and for a moment after: rows can hold back costly
   * content (posters, decoded on the main thread) until the customer stops.
   */
  const scrolling = ref(false)
  let still: ReturnType<typeof setTimeout> | undefined
  function scrolled(): void {
    scrolling.value = true
    clearTimeout(still)
    still = setTimeout(() => (scrolling.value = false), SETTLE_MS)
    follow()
  }

  /** Which rows the window shows, from where the list's top is now. */
  function follow(): void {
    const el = list.value
    if (!el || stride.value <= 0) return
    const top = el.getBoundingClientRect().top
    firstRow.value = Math.max(0, Math.floor(-top / stride.value))
    lastRow.value = Math.max(0, Math.ceil((window.innerHeight - top) / stride.value))
    windowRows.value = Math.ceil(window.innerHeight / stride.value)
  }

  /** Columns and row stride as the grid's CSS resolved them (after a resize, a font change). */
  function measure(): void {
    const el = list.value
    if (!el) return
    const style = getComputedStyle(el)
    const tracks = style.gridTemplateColumns.trim().split(/\s+/)
    columns.value = tracks.every((track) => /^[\d.]+px$/.test(track)) ? tracks.length : 1
    const row = parseFloat(style.gridAutoRows)
    stride.value = Number.isFinite(row) && row > 0 ? row + (parseFloat(style.rowGap) || 0) : 0
    follow()
  }

  let resizes: ResizeObserver | null = null
  // Focus moved to an item (Tab) scrolls it into view at once, but the scroll event comes only with the
  // next frame: on a slow kiosk the next Tabs came first, ran past the items drawn and left the list.
  // The window follows the focus itself, in the same task.
  let focusHost: HTMLElement | null = null
  onMounted(() => {
    measure()
    window.addEventListener('scroll', scrolled, { passive: true })
    window.addEventListener('resize', measure)
    focusHost = list.value
    focusHost?.addEventListener('focusin', follow)
    if (typeof ResizeObserver === 'function' && list.value) {
      resizes = new ResizeObserver(measure)
      resizes.observe(list.value)
    }
  })
  onUnmounted(() => {
    window.removeEventListener('scroll', scrolled)
    clearTimeout(still)
    window.removeEventListener('resize', measure)
    focusHost?.removeEventListener('focusin', follow)
    resizes?.disconnect()
  })

  return { start, end, padTop, padBottom, nearEnd, columns, scrolling, follow }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high)
}
