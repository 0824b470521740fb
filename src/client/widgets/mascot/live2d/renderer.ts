/**
 * Renderer 2: a Live2D Cubism 2 model drawn by the site owner's Cubism 2.1 core on WebGL. The
 * framework owns every parameter; this hands them to the core each frame (`setParamFloat`,
 * `setPartsOpacity`), runs the core's physics and `update()`, and draws with the framework's
 * matrix. The moc file is checked before the core sees it (the core takes broken files
 * silently). Errors are `MascotLoadError`s: the overlay logs them and hides, readers see none.
 */
import { checkMoc, mocProblemText } from '../../../../shared/widgets/mascot-live2d-moc.js'
import { ModelSettingsError, readModelSettings, resolveModelPath } from '../../../../shared/widgets/mascot-live2d-model.js'
import { MascotLoadError, type Mat4, type MascotRenderer } from '../framework/renderer.js'
import type { ModelSettings } from '../framework/settings.js'
import { type CubismModel, loadCore } from './core.js'
import { fetchBytes, fetchJson } from './fetch.js'
import { Physics } from './physics.js'
import { folderOf, readPose, toModelSettings } from './settings.js'
import { loadTexture } from './textures.js'

export interface Live2DSources {
  /** The core script's URL (`/gpt/assets/mascot/live2d.<hash>.min.js`). */
  core: string
  /** The model settings file's URL. */
  model: string
}

/** The spec's two WebGL messages (§8). */
export const NO_WEBGL = 'Your browser does not support WebGL.'
export const NO_CONTEXT = 'Failed to create WebGL context.'

function webgl(canvas: HTMLCanvasElement): WebGLRenderingContext {
  if (typeof WebGLRenderingContext === 'undefined') throw new MascotLoadError(NO_WEBGL, 'webgl')
  const options: WebGLContextAttributes = { alpha: true, premultipliedAlpha: true, antialias: true }
  const gl = canvas.getContext('webgl', options) ?? (canvas.getContext('experimental-webgl', options) as WebGLRenderingContext | null)
  if (!gl) throw new MascotLoadError(NO_CONTEXT, 'webgl')
  return gl
}

export class Live2DRenderer implements MascotRenderer {
  size = { width: 1, height: 1 }
  private gl: WebGLRenderingContext | undefined
  private model: CubismModel | undefined
  private physics: Physics | undefined
  private textures: WebGLTexture[] = []
  /** Each parameter's value before the framework first set it: the model's default. */
  private readonly defaults = new Map<string, number>()
  private time = 0

  constructor(private readonly sources: Live2DSources) {}

  async load(canvas: HTMLCanvasElement): Promise<ModelSettings> {
    const gl = webgl(canvas)
    this.gl = gl
    const dir = folderOf(new URL(this.sources.model, location.href).href)
    const [core, json] = await Promise.all([loadCore(this.sources.core), fetchJson(this.sources.model)])
    let files
    try {
      files = readModelSettings(json)
    } catch (err) {
      if (err instanceof ModelSettingsError) throw new MascotLoadError(`${this.sources.model}: ${err.message}`, 'model')
      throw err
    }
    const url = (path: string) => resolveModelPath(path, dir)
    const [moc, physics, pose] = await Promise.all([
      fetchBytes(url(files.model)),
      files.physics ? fetchJson(url(files.physics)) : undefined,
      files.pose ? fetchJson(url(files.pose)) : undefined,
    ])
    const problem = checkMoc(new Uint8Array(moc))
    if (problem) throw new MascotLoadError(mocProblemText(problem, url(files.model)), 'model')
    core.Live2D.setGL(gl)
    const model = core.Live2DModelWebGL.loadModel(moc)
    if (!model) throw new MascotLoadError(`The core could not read ${url(files.model)}`, 'model')
    this.model = model
    this.textures = await Promise.all(files.textures.map((t) => loadTexture(gl, url(t))))
    this.textures.forEach((t, i) => model.setTexture(i, t))
    if (physics !== undefined) this.physics = Physics.read(core, physics)
    this.size = { width: model.getCanvasWidth(), height: model.getCanvasHeight() }
    return toModelSettings(files, dir, pose === undefined ? undefined : readPose(pose))
  }

  defaultParam(id: string): number {
    const known = this.defaults.get(id)
    if (known !== undefined) return known
    const value = this.model?.getParamFloat(id) ?? 0
    this.defaults.set(id, value)
    return value
  }

  setParam(id: string, value: number): void {
    if (!this.model) return
    if (!this.defaults.has(id)) this.defaultParam(id)
    this.model.setParamFloat(id, value)
  }

  setPartOpacity(id: string, opacity: number): void {
    this.model?.setPartsOpacity(id, opacity)
  }

  update(dt: number): void {
    if (!this.model) return
    this.time += Math.max(0, dt)
    this.physics?.update(this.model, this.time)
    this.model.update()
  }

  draw(mvp: Mat4): void {
    const { gl, model } = this
    if (!gl || !model || gl.isContextLost()) return
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight)
    gl.clearColor(0, 0, 0, 0)
    gl.clear(gl.COLOR_BUFFER_BIT)
    model.setMatrix(Float32Array.from(mvp))
    model.draw()
  }

  /** The bounding box of the draw data's transformed points (model units). */
  hitTest(areaId: string, x: number, y: number): boolean {
    const model = this.model
    if (!model) return false
    const index = model.getDrawDataIndex(areaId)
    if (index < 0) return false
    const points = model.getTransformedPoints(index)
    if (!points || points.length < 2) return false
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity]
    for (let i = 0; i + 1 < points.length; i += 2) {
      left = Math.min(left, points[i])
      right = Math.max(right, points[i])
      top = Math.min(top, points[i + 1])
      bottom = Math.max(bottom, points[i + 1])
    }
    return x >= left && x <= right && y >= top && y <= bottom
  }

  dispose(): void {
    const gl = this.gl
    if (gl && !gl.isContextLost()) for (const t of this.textures) gl.deleteTexture(t)
    this.textures = []
    this.model = undefined
    this.physics = undefined
    this.gl = undefined
  }
}
