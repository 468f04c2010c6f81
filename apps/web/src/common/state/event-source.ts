/**
 * The browser's EventSource as the live stream (live.ts) uses it. Its own module because the
 * services (services.ts) hold the opener while live.ts needs the services: with the type in
 * live.ts the two imported each other.
 */
/** What we use of the browser's EventSource (component tests hand in their own). */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  onerror: ((event: Event) => void) | null
  close(): void
}

export type OpenEventSource = (url: string) => EventSourceLike
