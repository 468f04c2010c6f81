/**
 * The indexer shows asset names, unit names and URLs only when they are printable UTF-8
 * (util.PrintableUTF8OrEmpty); otherwise the text field is empty and only the `-b64` one is set.
 */
// Go's unicode.IsPrint: no control/format/unassigned characters and no spaces but U+0020.
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}\uFFFD\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u

export function printableOrEmpty(text: string): string {
  return NOT_PRINTABLE.test(text) ? '' : text
}

/** Decodes bytes as UTF-8, or undefined when they are not valid UTF-8. */
export function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}
