import { describe, expect, it } from 'vitest'
import { ZOOM_MARGIN, zoomedSize } from '../../src/client/behaviours/image-zoom-view.js'

describe('zoomed image size', () => {
  const viewport = { width: 1280, height: 720 }

  it('fits a large picture into the viewport with a 16 px margin, keeping its aspect ratio', () => {
    expect(ZOOM_MARGIN).toBe(16)
    const size = zoomedSize({ width: 3000, height: 1500 }, { width: 700, height: 350 }, viewport, false)
    expect(size).toEqual({ width: 1248, height: 624 })
    const tall = zoomedSize({ width: 1000, height: 4000 }, { width: 175, height: 700 }, viewport, false)
    expect(tall.height).toBe(720 - 32)
    expect(tall.width).toBe(172)
  })

  it('does not blow a small raster picture up beyond its own pixels', () => {
    expect(zoomedSize({ width: 200, height: 100 }, { width: 200, height: 100 }, viewport, false)).toEqual({ width: 200, height: 100 })
  })

  it('keeps a raster picture at least as large as it is shown', () => {
    expect(zoomedSize({ width: 200, height: 100 }, { width: 400, height: 200 }, viewport, false)).toEqual({ width: 400, height: 200 })
  })

  it('scales a vector picture up to the viewport', () => {
    expect(zoomedSize({ width: 240, height: 120 }, { width: 240, height: 120 }, viewport, true)).toEqual({ width: 1248, height: 624 })
  })

  it('uses the shown size when the picture reports none', () => {
    expect(zoomedSize({ width: 0, height: 0 }, { width: 300, height: 150 }, viewport, true)).toEqual({ width: 1248, height: 624 })
    expect(zoomedSize({ width: 0, height: 0 }, { width: 0, height: 0 }, viewport, true)).toEqual({ width: 0, height: 0 })
  })
})
