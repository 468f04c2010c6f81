/**
 * simulate, after go-algorand ledger/simulation/simulator.go: evaluated as the next block would
 * be, on a throwaway copy of the state, reporting failures (failure-message, failed-at), budgets
 * and the eval overrides it applied.
 */
import algosdk, { modelsv2 } from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { SimulateRequestError } from './simulate.js'
import { newAccount, program, sign, TestNet } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net

function request(
  txns: algosdk.SignedTransaction[],
  over: Partial<ConstructorParameters<typeof modelsv2.SimulateRequest>[0]> = {},
): modelsv2.SimulateRequest {
  return new modelsv2.SimulateRequest({
    txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns })],
    ...over,
  })
}

const unsigned = (txn: algosdk.Transaction) => new algosdk.SignedTransaction({ txn })

/** An app that spends `loops` iterations of a cheap loop, then approves. */
function spender(loops: number): bigint {
  const approval = program(
    `#pragma version 10\ntxn ApplicationID\nbz done\nint 0\nstore 0\nloop:\nload 0\nint 1\n+\ndup\nstore 0\nint ${loops}\n<\nbnz loop\ndone:\nint 1`,
  )
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: dispenser.addr,
    approvalProgram: approval,
    clearProgram: program('#pragma version 10\nint 1'),
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: net.params(),
  })
  const [id] = net.ok(sign(txn, dispenser.sk))
  return net.chain.pending(id)!.applicationIndex!
}

const callTxn = (appIndex: bigint) =>
  algosdk.makeApplicationCallTxnFromObject({
    sender: dispenser.addr,
    appIndex,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: net.params(),
  })

describe('simulate', () => {
  it('evaluates unsigned transactions with allow-empty-signatures, changing nothing', () => {
    const to = newAccount()
    const round = net.chain.lastRound()
    const r = net.chain.simulate(
      request([unsigned(net.pay(dispenser, to.addr, 1_000_000n))], { allowEmptySignatures: true }),
    )
    expect(r.lastRound).toBe(round)
    expect(r.version).toBe(2)
    expect(r.txnGroups[0].failureMessage).toBeUndefined()
    expect(r.txnGroups[0].txnResults[0].txnResult.txn.txn.payment!.amount).toBe(1_000_000n)
    expect(r.evalOverrides!.allowEmptySignatures).toBe(true)
    expect(net.chain.lastRound()).toBe(round)
    expect(net.balance(to.addr)).toBe(0n)
    // algosdk decodes what algod would send.
    const decoded = algosdk.decodeMsgpack(algosdk.encodeMsgpack(r), modelsv2.SimulateResponse)
    expect(decoded.txnGroups[0].txnResults).toHaveLength(1)
  })

  it('reports a missing signature as a failure without allow-empty-signatures', () => {
    const r = net.chain.simulate(request([unsigned(net.pay(dispenser, dispenser.addr, 1n))]))
    expect(r.txnGroups[0].failureMessage).toContain('signedtxn has no sig')
    expect(r.txnGroups[0].failedAt).toEqual([0])
  })

  it('reports an evaluation failure with the failing transaction and the budget used', () => {
    const app = spender(10)
    const failing = algosdk.makeApplicationCallTxnFromObject({
      sender: dispenser.addr,
      appIndex: app,
      onComplete: algosdk.OnApplicationComplete.CloseOutOC,
      suggestedParams: net.params(),
    })
    const r = net.chain.simulate(
      request(
        [unsigned(callTxn(app)), unsigned(failing)].map((s) => s),
        {
          allowEmptySignatures: true,
        },
      ),
    )
    // Two transactions without a group id: the group check fails first.
    expect(r.txnGroups[0].failureMessage).toContain('had zero Group')
    const t1 = callTxn(app)
    const t2 = net.pay(dispenser, newAccount().addr, 1n)
    algosdk.assignGroupID([t1, t2])
    const r2 = net.chain.simulate(
      request([unsigned(t1), unsigned(t2)], { allowEmptySignatures: true }),
    )
    const g = r2.txnGroups[0]
    expect(g.failureMessage).toMatch(
      /^transaction [A-Z2-7]{52}: account .* balance 1 below min 100000/,
    )
    expect(g.failedAt).toEqual([1])
    expect(g.txnResults[0].appBudgetConsumed).toBeGreaterThan(10)
    expect(g.appBudgetAdded).toBe(700)
    expect(g.appBudgetConsumed).toBe(g.txnResults[0].appBudgetConsumed)
  })

  it('adds the extra opcode budget', () => {
    const app = spender(200)
    const without = net.chain.simulate(
      request([unsigned(callTxn(app))], { allowEmptySignatures: true }),
    )
    expect(without.txnGroups[0].failureMessage).toContain('dynamic cost budget exceeded')
    const extra = net.chain.simulate(
      request([unsigned(callTxn(app))], { allowEmptySignatures: true, extraOpcodeBudget: 2000 }),
    )
    expect(extra.txnGroups[0].failureMessage).toBeUndefined()
    expect(extra.txnGroups[0].appBudgetAdded).toBe(2700)
    expect(extra.evalOverrides!.extraOpcodeBudget).toBe(2000)
  })

  it('reports the logic-sig budget consumed', () => {
    const lsig = new algosdk.LogicSigAccount(program('#pragma version 10\nint 1\nint 2\n+'))
    const addr = lsig.address().toString()
    net.ok(sign(net.pay(dispenser, addr, 1_000_000n), dispenser.sk))
    const txn = net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 1n)
    const stxn = algosdk.decodeSignedTransaction(
      algosdk.signLogicSigTransactionObject(txn, lsig).blob,
    )
    const r = net.chain.simulate(request([stxn]))
    expect(r.txnGroups[0].txnResults[0].logicSigBudgetConsumed).toBe(3)
  })

  it('fixes signers of rekeyed accounts with fix-signers', () => {
    const a = net.funded(2_000_000n)
    const b = newAccount()
    net.ok(
      sign(
        algosdk.makePaymentTxnWithSuggestedParamsFromObject({
          sender: a.addr,
          receiver: a.addr,
          amount: 0n,
          rekeyTo: b.addr,
          suggestedParams: net.params(),
        }),
        a.sk,
      ),
    )
    const pay = unsigned(net.pay(a, dispenser.addr, 1n))
    const plain = net.chain.simulate(request([pay], { allowEmptySignatures: true }))
    expect(plain.txnGroups[0].failureMessage).toContain(`should have been authorized by ${b.addr}`)
    const fixed = net.chain.simulate(
      request([pay], { allowEmptySignatures: true, fixSigners: true }),
    )
    expect(fixed.txnGroups[0].failureMessage).toBeUndefined()
    expect(fixed.txnGroups[0].txnResults[0].fixedSigner!.toString()).toBe(b.addr)
  })

  it('refuses requests it cannot simulate', () => {
    const pay = unsigned(net.pay(dispenser, dispenser.addr, 1n))
    const two = new modelsv2.SimulateRequest({
      txnGroups: [
        new modelsv2.SimulateRequestTransactionGroup({ txns: [pay] }),
        new modelsv2.SimulateRequestTransactionGroup({ txns: [pay] }),
      ],
    })
    expect(() => net.chain.simulate(two)).toThrow(SimulateRequestError)
    expect(() => net.chain.simulate(request([pay], { fixSigners: true }))).toThrow(
      'FixSigners requires AllowEmptySignatures to be enabled',
    )
    expect(() =>
      net.chain.simulate(
        request([pay], { allowEmptySignatures: true, extraOpcodeBudget: 320_001 }),
      ),
    ).toThrow('extra budget 320001 > simulation extra budget limit 320000')
  })
})
