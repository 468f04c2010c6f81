/**
 * How Unica's tools launch a browser: Debian's Chromium (never a downloaded one; CHROMIUM_PATH
 * overrides the path), headless, with the flags that keep it offline and quiet. Used by the
 * README screenshot and the Playwright tests.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
