import algosdk from 'algosdk'
import { createChain } from './src/chain/index.js'
import { signBytes } from './src/genesis/keys.js'
const chain = createChain()
const w = chain.genesis.accounts.find((a) => a.comment === 'Wallet1')!
let k = 0
function mk(n: number, gh: Uint8Array, rnd: bigint) {
  return Array.from({ length: n }, () => {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: w.address, receiver: w.address, amount: 1000n,
      suggestedParams: { fee: 1000n, flatFee: true, firstValid: rnd, lastValid: rnd + 1000n, genesisHash: gh, genesisID: chain.genesis.id, minFee: 1000n },
      note: new TextEncoder().encode(`n ${k++}`) })
    return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig: signBytes(w.secretKey, txn.bytesToSign()) }))
  })
}
for (let rep = 0; rep < 8; rep++) {
  const bodies = mk(900, chain.genesis.hash, chain.lastRound())
  const t = process.hrtime.bigint()
  for (const b of bodies) { const r = chain.submit([algosdk.decodeSignedTransaction(b)]); if (!r.ok) throw new Error(r.rejection.message) }
  const s = Number(process.hrtime.bigint() - t) / 1e9
  console.log('singles/s', (900 / s).toFixed(0), 'us each', (s / 900 * 1e6).toFixed(0))
}
