/**
 * The rescue's reader over algosdk's algod and indexer clients (exported from ../flows: it talks
 * to the network). A 404 is "nothing there"; any other failure is thrown.
 */
import algosdk from 'algosdk'
import type { RescueReader } from './reader.js'

const notFound = (e: unknown): boolean =>
  (e as { response?: { status?: number } } | null)?.response?.status === 404

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read
  } catch (e) {
    if (notFound(e)) return null
    throw e
  }
}

/** At most this many pages of the account's app calls (1000 each): bounded on busy accounts. */
const MAX_PAGES = 20

function appIdsOf(txn: algosdk.indexerModels.Transaction, out: Set<bigint>): void {
  const id = txn.applicationTransaction?.applicationId ?? 0n
  if (id !== 0n) out.add(id)
  if (txn.createdApplicationIndex !== undefined && txn.createdApplicationIndex !== 0n) {
    out.add(txn.createdApplicationIndex)
  }
  for (const inner of txn.innerTxns ?? []) appIdsOf(inner, out)
}

export function algosdkReader(algod: algosdk.Algodv2, indexer?: algosdk.Indexer): RescueReader {
  const reader: RescueReader = {
    async account(address) {
      const info = await algod.accountInformation(address).do()
      return {
        apps: (info.appsLocalState ?? []).map((s) => ({ appId: s.id, keyValue: s.keyValue ?? [] })),
        assets: (info.assets ?? []).map((a) => a.assetId),
      }
    },
    async application(appId) {
      const app = await orNull(algod.getApplicationByID(appId).do())
      if (app?.params === undefined) return null
      return {
        approvalProgram: app.params.approvalProgram,
        globalState: app.params.globalState ?? [],
      }
    },
    async box(appId, name) {
      // The box list filtered by the name answers 200 when there is no such box; GET …/box would
      // answer 404, which a browser logs as a failed request. A prefix matches longer names too.
      const list = await orNull(
        algod.getApplicationBoxes(appId).prefix(name).include('values').do(),
      )
      const hex = algosdk.bytesToHex(name)
      const box = list?.boxes.find((b) => algosdk.bytesToHex(b.name) === hex)
      if (box === undefined) return null
      // An algod older than the box paging API ignores `values`: read the listed box by name.
      return box.value ?? (await algod.getApplicationBoxByName(appId, name).do()).value
    },
  }
  if (indexer === undefined) return reader
  return {
    ...reader,
    async appCallsOf(address) {
      const ids = new Set<bigint>()
      let next: string | undefined
      for (let page = 0; page < MAX_PAGES; page++) {
        let q = indexer.searchForTransactions().address(address).txType('appl').limit(1000)
        if (next !== undefined) q = q.nextToken(next)
        const r = await q.do()
        for (const t of r.transactions) appIdsOf(t, ids)
        next = r.nextToken
        if (next === undefined || r.transactions.length === 0) break
      }
      return [...ids]
    },
  }
}
