/*
 * Text and attribute values escaped as hast-util-to-html escapes them by default: hexadecimal
 * references, for `<` and `&` in text and for `"`, `&`, `'` and the backtick in a double-quoted
 * attribute value. The writer that makes no hast (write-html.ts) must match it byte for byte.
 */
const reference = (c: string): string => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`
const TEXT_SPECIAL = /[&<]/g
const ATTRIBUTE_SPECIAL = /["&'`]/g

export const escapeText = (value: string): string => value.replace(TEXT_SPECIAL, reference)
export const escapeAttribute = (value: string): string => value.replace(ATTRIBUTE_SPECIAL, reference)
