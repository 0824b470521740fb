/**
 * A model texture: the PNG loaded as an image (same origin), uploaded to a WebGL texture with
 * mipmaps, premultiplied as the core draws it. Failures carry the spec's console messages.
 */
import { MascotLoadError } from '../framework/renderer.js'

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.decoding = 'async'
    img.onload = () => resolve(img)
    img.onerror = () => reject(new MascotLoadError(`Failed to load image : ${url}`, 'resource'))
    img.src = url
  })
}

export async function loadTexture(gl: WebGLRenderingContext, url: string): Promise<WebGLTexture> {
  const img = await loadImage(url)
  const texture = gl.createTexture()
  if (!texture) throw new MascotLoadError('Failed to generate gl texture name.', 'webgl')
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, 1)
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, 1)
  gl.activeTexture(gl.TEXTURE0)
  gl.bindTexture(gl.TEXTURE_2D, texture)
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, img)
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_NEAREST)
  gl.generateMipmap(gl.TEXTURE_2D)
  gl.bindTexture(gl.TEXTURE_2D, null)
  return texture
}
