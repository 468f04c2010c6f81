/**
 * SHA-256 (FIPS 180-4) in one call, for the `sha256` opcode. The general-purpose hasher of
 * @noble/hashes builds a hasher object, its buffers and DataViews on every call, which costs more
 * than the compression itself for the short values programs hash; this one reuses its working
 * arrays (the evaluator is synchronous, so no two calls overlap) and allocates only the digest.
 * `sha256.test.ts` checks it against @noble/hashes and the FIPS 180-2 examples.
 */

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])

const INITIAL = Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])

/** Working state, reused by every call: the chaining value, the message schedule, and the
 * padded final blocks (at most two). */
const H = new Uint32Array(8)
const W = new Uint32Array(64)
const TAIL = new Uint8Array(128)

/** Compresses the 64-byte block of `bytes` at `at` into H. */
function compress(bytes: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const i = at + 4 * t
    W[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]
    const w2 = W[t - 2]
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10)
    W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0
  }
  let a = H[0]
  let b = H[1]
  let c = H[2]
  let d = H[3]
  let e = H[4]
  let f = H[5]
  let g = H[6]
  let h = H[7]
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (h + S1 + ch + K[t] + W[t]) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  H[0] += a
  H[1] += b
  H[2] += c
  H[3] += d
  H[4] += e
  H[5] += f
  H[6] += g
  H[7] += h
}

/** The SHA-256 digest of `data` (a fresh 32-byte array). */
export function sha256(data: Uint8Array): Uint8Array {
  H.set(INITIAL)
  const n = data.length
  const whole = n - (n % 64)
  for (let at = 0; at < whole; at += 64) compress(data, at)
  // The rest, the 0x80 marker and the bit length (big-endian, 64 bits) fill one or two blocks.
  const rest = n - whole
  const blocks = rest < 56 ? 1 : 2
  const size = 64 * blocks
  TAIL.fill(0, 0, size)
  // Copied by hand: a subarray of a small array makes V8 move its bytes off the heap (a malloc).
  for (let i = 0; i < rest; i++) TAIL[i] = data[whole + i]
  TAIL[rest] = 0x80
  const bits = n * 8
  const hi = Math.floor(bits / 0x100000000)
  const lo = bits >>> 0
  TAIL[size - 8] = hi >>> 24
  TAIL[size - 7] = hi >>> 16
  TAIL[size - 6] = hi >>> 8
  TAIL[size - 5] = hi
  TAIL[size - 4] = lo >>> 24
  TAIL[size - 3] = lo >>> 16
  TAIL[size - 2] = lo >>> 8
  TAIL[size - 1] = lo
  compress(TAIL, 0)
  if (blocks === 2) compress(TAIL, 64)
  const out = new Uint8Array(32)
  for (let i = 0; i < 8; i++) {
    const v = H[i]
    out[4 * i] = v >>> 24
    out[4 * i + 1] = v >>> 16
    out[4 * i + 2] = v >>> 8
    out[4 * i + 3] = v
  }
  return out
}
