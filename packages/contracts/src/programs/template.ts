/**
 * The proxy's template values, shared by the assembling script (which fills in the manager's
 * hash and the clear program) and by `proxyProgram` (which fills in the proxy id).
 */
import algosdk from 'algosdk'

const PROXY_ID_PLACEHOLDER = 'TMPL_PROXY_ID'
const MANAGER_HASH_PLACEHOLDER = 'TMPL_MANAGER_HASH'
const CLEAR_PROGRAM_PLACEHOLDER = 'TMPL_CLEAR_PROGRAM'
/** Version 2's proxy is bound to its creator: the creator's 32-byte public key. */
export const CREATOR_PLACEHOLDER = 'TMPL_CREATOR'

/** Proxy ids are random and below 2^31 - 1 (docs/product.md §9). */
export const MAX_PROXY_ID = 2147483646

function hex(bytes: Uint8Array): string {
  // algosdk's encoder rather than Node's Buffer, so the template also fills in the browser.
  return '0x' + algosdk.bytesToHex(bytes)
}

/** The proxy source with the build-time values filled in; only the proxy id is left open. */
export function fillProxyTemplate(
  template: string,
  managerHash: Uint8Array,
  clear: Uint8Array,
): string {
  return template
    .replaceAll(MANAGER_HASH_PLACEHOLDER, hex(managerHash))
    .replaceAll(CLEAR_PROGRAM_PLACEHOLDER, hex(clear))
}

export function proxySource(filledTemplate: string, proxyId: number, creator?: Uint8Array): string {
  const withId = filledTemplate.replaceAll(PROXY_ID_PLACEHOLDER, String(proxyId))
  return creator === undefined ? withId : withId.replaceAll(CREATOR_PLACEHOLDER, hex(creator))
}
