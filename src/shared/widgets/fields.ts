/** Option kinds more than one widget declares. */
import { custom } from '../config-schema.js'

const HTTP_ADDRESS = /^https?:\/\/[^\s]+$/

/** An http(s) address (`https://comments.example.com`), or '' for none; `what` words the problem. */
export const httpAddress = (what = 'an http(s) address') =>
  custom<string>((v, p) => (typeof v === 'string' && (v === '' || HTTP_ADDRESS.test(v)) ? [] : [{ path: p, message: `must be ${what}, got ${JSON.stringify(v)}` }]))

/** The address of a comment service, or '' for none. */
export const serviceAddressSchema = httpAddress('an http(s) address like "https://comments.example.com"')

/** Comments per page: a whole number from 1 to 100. */
export const pageSizeSchema = custom<number>(
  (v, p) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100 ? [] : [{ path: p, message: `must be a whole number from 1 to 100, got ${JSON.stringify(v)}` }]),
  (v) => typeof v === 'number',
)
