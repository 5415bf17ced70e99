/**
 * Taps on the map's canvas, told apart from drags, pinches and the touch that
 * stops a fling: one pointer, down and up within a few pixels. Read from the
 * canvas's own DOM pointer events, so no pixi object takes part.
 */
export interface TapOptions {
  /** How far (CSS px) a finger may wander and still tap. */
  slopPx: number
  /** False while the map is still moving: a touch then stops it, it does not choose. */
  mayStartTap: () => boolean
  onTap: (x: number, y: number) => void
  /**
   * Where a pointer event is, in CSS px from the map's top left: the seat map
   * reads it against its host, which a zoom preview (a CSS transform on the
   * canvas) never moves.
   */
  position: (clientX: number, clientY: number) => { x: number; y: number }
}

export function watchTaps(canvas: HTMLCanvasElement, options: TapOptions): () => void {
  const pointers = new Map<number, { x: number; y: number }>()
  let gestureIsTap = false

  const local = (e: PointerEvent) => options.position(e.clientX, e.clientY)
  const wandered = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y) > options.slopPx

  const down = (e: PointerEvent) => {
    // A second finger makes it a pinch, never a tap.
    gestureIsTap = pointers.size === 0 && options.mayStartTap()
    pointers.set(e.pointerId, local(e))
  }
  const move = (e: PointerEvent) => {
    const start = pointers.get(e.pointerId)
    if (start && wandered(local(e), start)) gestureIsTap = false
  }
  const up = (e: PointerEvent) => {
    const start = pointers.get(e.pointerId)
    if (!start) return
    pointers.delete(e.pointerId)
    if (!gestureIsTap || pointers.size > 0 || (e.pointerType === 'mouse' && e.button !== 0)) return
    const p = local(e)
    if (!wandered(p, start)) options.onTap(p.x, p.y)
  }
  const cancel = (e: PointerEvent) => {
    pointers.delete(e.pointerId)
    gestureIsTap = false
  }
  const events = [
    ['pointerdown', down],
    ['pointermove', move],
    ['pointerup', up],
    ['pointercancel', cancel],
  ] as const
  for (const [name, handler] of events) canvas.addEventListener(name, handler)
  return () => {
    for (const [name, handler] of events) canvas.removeEventListener(name, handler)
  }
}
