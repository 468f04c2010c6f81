/** @unica/launcher: the whole marketplace in one process (startUnica) and its demo seed. */
export {
  DEFAULT_WEB_DIST,
  startUnica,
  type DevnetPorts,
  type Unica,
  type UnicaOptions,
} from './start.js'
export { WebDistMissing } from './web.js'
