/**
 * Which account a newly connected wallet starts with (docs/product.md §4): the one this browser
 * used last, if the wallet lists it; else the first that holds USDC (a collector's account), so a
 * devnet's KMD never starts on its Algo dispenser, which holds none; else the first.
 */

/** The last account used in this browser: unlike the session's address, logging out keeps it. */
const LAST_ACCOUNT_KEY = 'unica.lastAccount'

export function lastAccount(): string | null {
  try {
    return localStorage.getItem(LAST_ACCOUNT_KEY)
  } catch {
    return null
  }
}

export function rememberAccount(address: string): void {
  try {
    localStorage.setItem(LAST_ACCOUNT_KEY, address)
  } catch {
    // Storage may be disabled (private mode): the default is then only a USDC holder.
  }
}

/** At most this many accounts are read to find a USDC holder (a wallet may list hundreds). */
const READ_AT_MOST = 20

/**
 * The account to start with. `usdcOf` reads an account's USDC (base units); an account that
 * cannot be read counts as holding none.
 */
export async function defaultAccount(
  accounts: readonly string[],
  last: string | null,
  usdcOf: (address: string) => Promise<bigint>,
): Promise<string | null> {
  if (last !== null && accounts.includes(last)) return last
  const read = accounts.slice(0, READ_AT_MOST)
  const held = await Promise.all(read.map((a) => usdcOf(a).catch(() => 0n)))
  return read.find((_, i) => held[i] > 0n) ?? accounts.at(0) ?? null
}
