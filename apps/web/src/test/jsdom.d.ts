/** The part of jsdom's API that chain-backed component tests use (jsdom ships no types). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string })
    readonly window: Window & typeof globalThis
  }
}
