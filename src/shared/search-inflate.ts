/**
 * A raw DEFLATE decoder (RFC 1951), for the search index's packed items: the build stores each
 * bucket and page text deflated, so the index takes a fraction of its JSON on disk and on the
 * wire whether or not the host compresses. Small and pure, so it runs in every browser the
 * bundle targets (DecompressionStream's `deflate-raw` is missing from Safari before 16.4).
 */

interface Tree {
  /** Number of codes of each length (0…15). */
  counts: Uint16Array
  /** Symbols ordered by code. */
  symbols: Uint16Array
}

function tree(lengths: ArrayLike<number>, from: number, n: number): Tree {
  const counts = new Uint16Array(16)
  for (let i = 0; i < n; i++) counts[lengths[from + i]]++
  counts[0] = 0
  const offsets = new Uint16Array(16)
  for (let i = 1; i < 16; i++) offsets[i] = offsets[i - 1] + counts[i - 1]
  const symbols = new Uint16Array(n)
  for (let i = 0; i < n; i++) if (lengths[from + i]) symbols[offsets[lengths[from + i]]++] = i
  return { counts, symbols }
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

let fixed: [Tree, Tree] | undefined
function fixedTrees(): [Tree, Tree] {
  if (!fixed) {
    const l = new Uint8Array(288 + 30)
    l.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288).fill(5, 288)
    fixed = [tree(l, 0, 288), tree(l, 288, 30)]
  }
  return fixed
}

/**
 * Inflates raw DEFLATE data (no zlib or gzip header). Throws on malformed input. With a preset
 * `dictionary` (as zlib's `dictionary` option), back references may reach into it.
 */
export function inflateRaw(input: Uint8Array, dictionary?: Uint8Array): Uint8Array {
  let pos = 0
  let bitBuf = 0
  let bitCount = 0
  const from = dictionary?.length ?? 0
  let out = new Uint8Array(from + Math.max(1024, input.length * 4))
  if (dictionary) out.set(dictionary)
  let size = from
  const need = (n: number) => {
    if (size + n <= out.length) return
    const next = new Uint8Array(Math.max(out.length * 2, size + n))
    next.set(out.subarray(0, size))
    out = next
  }
  const bits = (n: number): number => {
    while (bitCount < n) {
      if (pos >= input.length) throw new Error('inflate: unexpected end of data')
      bitBuf |= input[pos++] << bitCount
      bitCount += 8
    }
    const v = bitBuf & ((1 << n) - 1)
    bitBuf >>>= n
    bitCount -= n
    return v
  }
  const decode = (t: Tree): number => {
    let code = 0
    let first = 0
    let index = 0
    for (let len = 1; len < 16; len++) {
      code |= bits(1)
      const count = t.counts[len]
      if (code - first < count) return t.symbols[index + code - first]
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw new Error('inflate: bad code')
  }
  const block = (lit: Tree, dist: Tree) => {
    for (;;) {
      const sym = decode(lit)
      if (sym < 256) {
        need(1)
        out[size++] = sym
        continue
      }
      if (sym === 256) return
      const s = sym - 257
      if (s >= 29) throw new Error('inflate: bad length')
      const length = LENGTH_BASE[s] + bits(LENGTH_EXTRA[s])
      const d = decode(dist)
      if (d >= 30) throw new Error('inflate: bad distance')
      const distance = DIST_BASE[d] + bits(DIST_EXTRA[d])
      if (distance > size) throw new Error('inflate: distance too far')
      need(length)
      for (let i = 0; i < length; i++, size++) out[size] = out[size - distance]
    }
  }
  let last = 0
  while (!last) {
    last = bits(1)
    const type = bits(2)
    if (type === 0) {
      bitBuf = 0
      bitCount = 0
      if (pos + 4 > input.length) throw new Error('inflate: unexpected end of data')
      const len = input[pos] | (input[pos + 1] << 8)
      pos += 4
      if (pos + len > input.length) throw new Error('inflate: unexpected end of data')
      need(len)
      out.set(input.subarray(pos, pos + len), size)
      size += len
      pos += len
    } else if (type === 1) {
      block(...fixedTrees())
    } else if (type === 2) {
      const hlit = bits(5) + 257
      const hdist = bits(5) + 1
      const hclen = bits(4) + 4
      const codeLengths = new Uint8Array(19)
      for (let i = 0; i < hclen; i++) codeLengths[CODE_ORDER[i]] = bits(3)
      const codeTree = tree(codeLengths, 0, 19)
      const lengths = new Uint8Array(hlit + hdist)
      for (let i = 0; i < hlit + hdist; ) {
        const sym = decode(codeTree)
        if (sym < 16) lengths[i++] = sym
        else {
          let repeat: number
          let value = 0
          if (sym === 16) {
            if (!i) throw new Error('inflate: bad repeat')
            value = lengths[i - 1]
            repeat = 3 + bits(2)
          } else repeat = sym === 17 ? 3 + bits(3) : 11 + bits(7)
          if (i + repeat > hlit + hdist) throw new Error('inflate: bad repeat')
          lengths.fill(value, i, i + repeat)
          i += repeat
        }
      }
      block(tree(lengths, 0, hlit), tree(lengths, hlit, hdist))
    } else throw new Error('inflate: bad block type')
  }
  return out.subarray(from, size)
}
