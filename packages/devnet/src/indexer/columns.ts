/**
 * Growable typed-array columns. The index keeps one small fixed-size record per transaction and
 * per address in columns like these instead of objects, so that a devnet with hundreds of
 * thousands of transactions and accounts stays within a few dozen bytes per item (the chain keeps
 * the transactions themselves, compactly, and the index re-reads them when it answers).
 */
type NumArray = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array

export class NumColumn {
  private data: NumArray
  private size = 0

  constructor(
    private readonly make: new (length: number) => NumArray,
    /** What entries read as before they are written (ensure() fills with it). */
    private readonly fill = 0,
  ) {
    this.data = new make(256)
    if (fill !== 0) this.data.fill(fill)
  }

  get length(): number {
    return this.size
  }

  get(i: number): number {
    return i < this.size ? this.data[i] : this.fill
  }

  set(i: number, value: number): void {
    this.ensure(i + 1)
    this.data[i] = value
  }

  push(value: number): void {
    this.set(this.size, value)
  }

  /** Makes entries [0, n) addressable. */
  ensure(n: number): void {
    if (n > this.data.length) {
      let capacity = this.data.length * 2
      while (capacity < n) capacity *= 2
      const next = new this.make(capacity)
      if (this.fill !== 0) next.fill(this.fill)
      next.set(this.data)
      this.data = next
    }
    if (n > this.size) this.size = n
  }
}

export class BigColumn {
  private data = new BigUint64Array(256)
  private size = 0

  get(i: number): bigint {
    return i < this.size ? this.data[i] : 0n
  }

  push(value: bigint): void {
    if (this.size === this.data.length) {
      const next = new BigUint64Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data[this.size++] = BigInt.asUintN(64, value)
  }
}

/** A fixed number of bytes per row (the first bytes of each note, for prefix searches). */
export class ByteRows {
  private data: Uint8Array
  private size = 0

  constructor(readonly width: number) {
    this.data = new Uint8Array(256 * width)
  }

  push(bytes: Uint8Array): void {
    if ((this.size + 1) * this.width > this.data.length) {
      const next = new Uint8Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data.set(bytes.subarray(0, this.width), this.size * this.width)
    this.size++
  }

  row(i: number): Uint8Array {
    return this.data.subarray(i * this.width, (i + 1) * this.width)
  }
}
