/**
 * A DAG as a CAR (CARv1) file, as the trustless gateway answers `application/vnd.ipld.car`: the
 * root first, then every block in depth-first order, each once (`order=dfs; dups=n`). A client
 * verifies each block against its CID and rebuilds the file without trusting us.
 */
import { CarWriter } from '@ipld/car/writer'
import * as dagPb from '@ipld/dag-pb'
import type { CID } from 'multiformats/cid'

/** The CAR media type with the parameters our answers always have. */
export const CAR_MEDIA_TYPE = 'application/vnd.ipld.car; version=1; order=dfs; dups=n'

export class DagTooLarge extends Error {}

/** Reads one block, verified against its CID; throws when it is missing. */
export type BlockReader = (cid: CID) => Promise<Uint8Array>

/** The CAR bytes of the DAG under `root`; refuses (DagTooLarge) past `maxBlocks` blocks. */
export async function* carOf(
  root: CID,
  read: BlockReader,
  maxBlocks: number,
): AsyncGenerator<Uint8Array> {
  const { writer, out } = CarWriter.create([root])
  const walk = async (): Promise<void> => {
    const seen = new Set<string>()
    // An explicit stack: depth-first, links in their order, however deep the DAG.
    const stack: CID[] = [root]
    try {
      while (stack.length > 0) {
        const cid = stack.pop() as CID
        const key = cid.toString()
        if (seen.has(key)) continue
        seen.add(key)
        if (seen.size > maxBlocks) throw new DagTooLarge(`more than ${String(maxBlocks)} blocks`)
        const bytes = await read(cid)
        await writer.put({ cid, bytes })
        if (cid.code === dagPb.code) {
          const links = dagPb.decode(bytes).Links
          for (let i = links.length - 1; i >= 0; i--) stack.push(links[i].Hash)
        }
      }
    } finally {
      await writer.close()
    }
  }
  // Runs beside the consumer: the writer's output is read while blocks are written.
  const walking = walk().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  )
  yield* out
  const failure = await walking
  if (failure !== undefined) throw failure
}
