/** /rescue inside the app (reached by a link): the app's loaded configuration, no API calls. */
import { useServices } from '../common/state/services.js'
import { RescuePage } from './rescue-page.js'

export function RescueRoute() {
  return <RescuePage config={useServices().config} />
}
