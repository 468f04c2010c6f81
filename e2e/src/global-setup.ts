/**
 * Before any browser test: the web app must be built (apps/web/dist), and fresh, so a test never
 * runs yesterday's UI. The launcher's rule decides (the same one `npm start` uses).
 */
import { buildWeb, webBuildNeeded } from '@unica/launcher'

export default async function globalSetup(): Promise<void> {
  if (!webBuildNeeded()) return
  console.log('Building the web app (apps/web/dist is missing or older than its sources)')
  await buildWeb()
}
