/**
 * The model's files, fetched from the site itself. A status other than 200 is the spec's
 * resource failure (§8: 'Failed to load (status) : path'), which hides the mascot.
 */
import { MascotLoadError } from '../framework/renderer.js'

async function get(url: string): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'same-origin' })
  } catch {
    throw new MascotLoadError(`Failed to load (network) : ${url}`, 'resource')
  }
  if (res.status !== 200) throw new MascotLoadError(`Failed to load (${res.status}) : ${url}`, 'resource')
  return res
}

export const fetchBytes = async (url: string): Promise<ArrayBuffer> => (await get(url)).arrayBuffer()
export const fetchText = async (url: string): Promise<string> => (await get(url)).text()

/** JSON; a file that is not JSON is a model error (logged, never shown). */
export async function fetchJson(url: string): Promise<unknown> {
  const text = await fetchText(url)
  try {
    return JSON.parse(text)
  } catch {
    throw new MascotLoadError(`Not a JSON file: ${url}`, 'model')
  }
}
