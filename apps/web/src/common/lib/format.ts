/**
 * Display formatting (docs/product.md §2 and §4): abbreviated addresses, amounts from bigint base
 * units, and operation names. Amounts never pass through floating point.
 */

/** First 3 and last 3 characters joined by an ellipsis: `ABC...XYZ`. */
export function shortAddress(value: string): string {
  if (value.length <= 9) return value
  return `${value.slice(0, 3)}...${value.slice(-3)}`
}

/** `1500000n` with 6 decimals gives `1.5`; trailing zeros of the fraction are dropped. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const scale = 10n ** BigInt(decimals)
  const whole = (abs / scale).toString()
  const fraction = decimals === 0 ? '' : (abs % scale).toString().padStart(decimals, '0')
  const trimmed = fraction.replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${trimmed === '' ? '' : `.${trimmed}`}`
}

/**
 * formatUnits with the whole part grouped by thousands (`12,345.5`), for balances read at a
 * glance; prices keep formatUnits, whose plain digits the spec's messages quote.
 */
export function formatGrouped(value: bigint, decimals: number): string {
  const text = formatUnits(value, decimals)
  const point = text.includes('.') ? text.indexOf('.') : text.length
  return `${text.slice(0, point).replace(/\B(?=(\d{3})+$)/g, ',')}${text.slice(point)}`
}

/** Exactly `decimals` fraction digits, as the min-balance message wants ('0.200000'). */
export function formatFixed(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = decimals === 0 ? '' : `.${(value % scale).toString().padStart(decimals, '0')}`
  return `${(value / scale).toString()}${fraction}`
}

export const ALGO_DECIMALS = 6

export function formatAlgos(microAlgos: bigint): string {
  return formatUnits(microAlgos, ALGO_DECIMALS)
}

const AMOUNT = /^(\d+)(?:\.(\d*))?$/

/**
 * Parses a typed amount into base units. Null when it is not digits with at most one decimal point
 * or has more fraction digits than the asset allows.
 */
export function parseUnits(text: string, decimals: number): bigint | null {
  const m = AMOUNT.exec(text.trim())
  if (m === null) return null
  const fraction = (m[2] as string | undefined) ?? ''
  if (fraction.length > decimals) return null
  return BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/**
 * What a price input keeps of what was typed: only digits and one decimal point, and no more
 * fraction digits than the currency has (docs/product.md §5, price inputs).
 */
export function sanitizeAmountInput(text: string, decimals: number): string {
  let out = ''
  let point = -1
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (point >= 0 && out.length - point > decimals) continue
      out += ch
    } else if ((ch === '.' || ch === ',') && point < 0 && decimals > 0) {
      point = out.length
      out += '.'
    }
  }
  return out
}

/**
 * Operation display (docs/product.md §4): ASK 0 is 'Cancel ask', BID 0 'Cancel bid', else title
 * case.
 */
export function operationName(opType: string, value: bigint): string {
  if (value === 0n && opType === 'ASK') return 'Cancel ask'
  if (value === 0n && opType === 'BID') return 'Cancel bid'
  return opType
    .toLowerCase()
    .split('_')
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}

/** A timestamp as the viewer's local date and time. */
export function formatWhen(iso: string | null): string {
  if (iso === null) return 'Pending'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString()
}
