/**
 * The measured peer of the AVM benchmark: `@algo-builder/runtime`'s interpreter (archived; the
 * only other AVM written in JavaScript). It reads TEAL source (up to v8), so each of its calls
 * parses the source, as it does for every transaction. Calls run through `Runtime.run` on a
 * context set up once, with nothing signed, so that only evaluation is timed.
 */
import { AccountStore, Runtime, types } from '@algo-builder/runtime'
import { types as webTypes } from '@algo-builder/web'

/** Sets up `source` as an app and returns one app call of it (throws when the program rejects). */
export function peerAppCall(source: string): () => void {
  const creator = new AccountStore(1e12)
  const runtime = new Runtime([creator])
  const accept = '#pragma version 8\nint 1'
  const app = runtime.deployApp(
    creator.account,
    {
      appName: 'bench',
      metaType: webTypes.MetaType.SOURCE_CODE,
      approvalProgramCode: accept,
      clearProgramCode: accept,
      globalBytes: 1,
      globalInts: 1,
      localBytes: 0,
      localInts: 0,
    },
    {},
  )
  const ctx = runtime.ctx
  const tx = { ...ctx.tx, apid: app.appID, txID: 'bench' }
  return () => {
    ctx.tx = tx
    ctx.gtxs = [tx]
    // As large a budget as ours gets: the loops, not the budget, end the programs.
    ctx.budget = 1e12
    runtime.run(source, types.ExecutionMode.APPLICATION, 0)
  }
}
