import { describe, expect, it } from 'vitest'
import { frameAction, viewMoved, type FrameFacts } from '../../../renderer/src/seatmap/frame-decision'

/**
 * What a frame of the seat map does: draw, preview the last picture while only
 * the wheel moved the view, or nothing when the picture on screen is already
 * right (a WebGL frame costs a read-back under software compositing).
 */
const at = { x: 10, y: -4, scale: 2 }
const still: FrameFacts = { drawn: at, now: at, wheelTurning: false, pictureChanged: false, labelsDirty: false, viewportDirty: false }
const zoomed = { x: 0, y: -20, scale: 2.5 }

describe('frameAction', () => {
  it('draws nothing when nothing moved or changed', () => {
    expect(frameAction(still)).toBe('nothing')
    expect(frameAction({ ...still, wheelTurning: true })).toBe('nothing')
  })

  it('draws when the view moved, the picture or labels changed, or the viewport is dirty', () => {
    expect(frameAction({ ...still, now: zoomed })).toBe('draw')
    expect(frameAction({ ...still, pictureChanged: true })).toBe('draw')
    expect(frameAction({ ...still, labelsDirty: true })).toBe('draw')
    expect(frameAction({ ...still, viewportDirty: true })).toBe('draw')
  })

  it('previews while the wheel turns and only the view moved', () => {
    expect(frameAction({ ...still, now: zoomed, wheelTurning: true })).toBe('preview')
    // A dirty viewport alone does not stop a preview: the wheel's own moves mark it so.
    expect(frameAction({ ...still, now: zoomed, wheelTurning: true, viewportDirty: true })).toBe('preview')
  })

  it('draws instead of previewing when states or labels changed meanwhile: a preview would show the old picture', () => {
    expect(frameAction({ ...still, now: zoomed, wheelTurning: true, pictureChanged: true })).toBe('draw')
    expect(frameAction({ ...still, now: zoomed, wheelTurning: true, labelsDirty: true })).toBe('draw')
  })

  it('draws the first picture even while the wheel turns: there is none to preview', () => {
    const none = { x: NaN, y: NaN, scale: NaN }
    expect(frameAction({ ...still, drawn: none, now: zoomed, wheelTurning: true })).toBe('draw')
  })
})

describe('viewMoved', () => {
  it('is any change of position or scale, and always before the first picture', () => {
    expect(viewMoved(at, { ...at })).toBe(false)
    expect(viewMoved(at, { ...at, x: 11 })).toBe(true)
    expect(viewMoved(at, { ...at, y: 0 })).toBe(true)
    expect(viewMoved(at, { ...at, scale: 2.01 })).toBe(true)
    expect(viewMoved({ x: NaN, y: NaN, scale: NaN }, at)).toBe(true)
  })
})
