/**
 * The site owner's Cubism 2.1 core (`live2d.min.js`), loaded with a `<script>` from the site's
 * own assets. It defines globals (`Live2D`, `Live2DModelWebGL`, `PhysicsHair`, …); only the
 * few calls the renderer makes are typed here. We never bundle or fetch it from elsewhere.
 */
import { MascotLoadError } from '../framework/renderer.js'

/** A model the core loaded (`Live2DModelWebGL`). */
export interface CubismModel {
  setTexture(no: number, texture: WebGLTexture): void
  setParamFloat(id: string, value: number, weight?: number): void
  getParamFloat(id: string): number
  setPartsOpacity(id: string, opacity: number): void
  getCanvasWidth(): number
  getCanvasHeight(): number
  setMatrix(matrix: Float32Array | number[]): void
  update(): void
  draw(): void
  /** Negative when the model has no such draw data. */
  getDrawDataIndex(id: string): number
  /** x, y pairs in model units. */
  getTransformedPoints(index: number): ArrayLike<number> | null
}

export interface CubismPhysicsHair {
  setup(length: number, regist: number, mass: number): void
  addSrcParam(type: string, id: string, scale: number, weight: number): void
  addTargetParam(type: string, id: string, scale: number, weight: number): void
  /** `time`: ms, any clock that only moves forward. */
  update(model: CubismModel, time: number): void
}

export interface CubismCore {
  Live2D: { setGL(gl: WebGLRenderingContext, index?: number): void; getError?(): number }
  Live2DModelWebGL: { loadModel(buffer: ArrayBuffer): CubismModel }
  PhysicsHair: {
    new (): CubismPhysicsHair
    Src: { SRC_TO_X: string; SRC_TO_Y: string; SRC_TO_G_ANGLE: string }
    Target: { TARGET_FROM_ANGLE: string; TARGET_FROM_ANGLE_V: string }
  }
}

type Globals = Partial<CubismCore>

const loading = new Map<string, Promise<CubismCore>>()

function present(w: Globals): CubismCore | undefined {
  return w.Live2D && w.Live2DModelWebGL && w.PhysicsHair ? (w as CubismCore) : undefined
}

/** Loads the core from `url` once per page (a theme change reuses it). */
export function loadCore(url: string): Promise<CubismCore> {
  const have = present(window as unknown as Globals)
  if (have) return Promise.resolve(have)
  let pending = loading.get(url)
  if (!pending) {
    pending = new Promise<CubismCore>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = url
      script.async = true
      script.onload = () => {
        const core = present(window as unknown as Globals)
        if (core) resolve(core)
        else reject(new MascotLoadError(`The Cubism core at ${url} defined no Live2D, Live2DModelWebGL or PhysicsHair: is it live2d.min.js 2.1?`, 'model'))
      }
      // A <script> gives no status; the spec's message names the file.
      script.onerror = () => reject(new MascotLoadError(`Failed to load (script) : ${url}`, 'resource'))
      document.head.append(script)
    })
    loading.set(url, pending)
    pending.catch(() => loading.delete(url))
  }
  return pending
}
