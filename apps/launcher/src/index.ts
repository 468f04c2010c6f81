/** @unica/launcher: the whole marketplace in one process (startUnica) and its demo seed. */
export {
  DEFAULT_WEB_DIST,
  startUnica,
  type DevnetPorts,
  type Unica,
  type UnicaOptions,
} from './start.js'
export { WebDistMissing } from './web.js'
export { buildWeb, webBuildNeeded } from './web-build.js'
export { DEMO_PIECES, type DemoPiece } from './seed/catalog.js'
export { artworkPng, artworkSvg, type Artwork } from './seed/images.js'
export {
  hasAssets,
  registerStaff,
  seedDemo,
  STAFF,
  type SeedResult,
  type SeedTarget,
  type SeededPiece,
} from './seed/seed.js'
