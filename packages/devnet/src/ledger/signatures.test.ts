/**
 * Signatures as go-algorand verifies them (data/transactions/verify/txn.go TxnGroup,
 * stxnCoreChecks, logicSigSanityCheckBatchPrep, logicSigVerify; crypto/multisig.go
 * MultisigBatchPrep) and the authorizer check of ledger/eval/eval.go `transaction`.
 */
/* eslint-disable @typescript-eslint/no-deprecated --
   algosdk's synchronous signing helpers (signTxn, signMultisigTransaction, LogicSigAccount.sign)
   are deprecated in favour of async signers, but they are what most clients still call. */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { newAccount, program, sign, TestNet } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net
const decode = algosdk.decodeSignedTransaction

describe('ed25519 single signatures (stxnCoreChecks)', () => {
  it("accepts algosdk's own signTxn", () => {
    const txn = net.pay(dispenser, dispenser.addr, 1n)
    const [id] = net.ok(decode(txn.signTxn(dispenser.sk)))
    expect(id).toBe(txn.txID())
  })

  it('rejects a signature by another key', () => {
    const other = newAccount()
    const txn = net.pay(dispenser, dispenser.addr, 2n)
    const forged = new algosdk.SignedTransaction({
      txn,
      sig: sign(txn, other.sk).sig,
    })
    net.rejects("At least one signature didn't pass verification", forged)
  })

  // Two kinds of signature at once ("signedtxn should have only one type of signature") cannot
  // even be decoded by algosdk, so no client reaches that check.
  it('rejects a transaction with no signature', () => {
    const txn = net.pay(dispenser, dispenser.addr, 3n)
    net.rejects('signedtxn has no sig', new algosdk.SignedTransaction({ txn }))
  })
})

describe('multisig (crypto/multisig.go MultisigBatchPrep)', () => {
  const [k1, k2, k3] = [newAccount(), newAccount(), newAccount()]
  const params = { version: 1, threshold: 2, addrs: [k1.addr, k2.addr, k3.addr] }
  const msigAddr = algosdk.multisigAddress(params).toString()

  it('accepts a 2-of-3 multisig and rejects one short of the threshold', () => {
    net.ok(sign(net.pay(dispenser, msigAddr, 1_000_000n), dispenser.sk))
    const txn = net.pay({ addr: msigAddr, sk: k1.sk }, dispenser.addr, 1n)
    const one = algosdk.signMultisigTransaction(txn, params, k1.sk).blob
    net.rejects('multisig validation failed: Invalid number of signatures', decode(one))
    const two = algosdk.appendSignMultisigTransaction(one, params, k2.sk).blob
    net.ok(decode(two))
  })

  it('rejects subsignatures for another preimage (Invalid address) and bad subsignatures', () => {
    const other = { version: 1, threshold: 2, addrs: [k1.addr, k2.addr] }
    const txn = net.pay({ addr: msigAddr, sk: k1.sk }, dispenser.addr, 2n)
    const wrong = algosdk.appendSignMultisigTransaction(
      algosdk.signMultisigTransaction(txn, other, k1.sk).blob,
      other,
      k2.sk,
    ).blob
    const stxn = decode(wrong)
    net.rejects(
      'multisig validation failed: Invalid address',
      new algosdk.SignedTransaction({ txn: stxn.txn, msig: stxn.msig, sgnr: undefined }),
    )
    const good = decode(
      algosdk.appendSignMultisigTransaction(
        algosdk.signMultisigTransaction(txn, params, k1.sk).blob,
        params,
        k2.sk,
      ).blob,
    )
    good.msig!.subsig[0].s![0] ^= 1
    net.rejects("At least one signature didn't pass verification", good)
  })
})

describe('logic signatures (logicSigSanityCheckBatchPrep, logicSigVerify)', () => {
  const escrowProgram = program('#pragma version 10\nint 1')
  const escrow = new algosdk.LogicSigAccount(escrowProgram)

  it('lets a contract account spend when its program approves', () => {
    net.ok(sign(net.pay(dispenser, escrow.address().toString(), 1_000_000n), dispenser.sk))
    const txn = net.pay(
      { addr: escrow.address().toString(), sk: new Uint8Array() },
      dispenser.addr,
      1n,
    )
    net.ok(decode(algosdk.signLogicSigTransactionObject(txn, escrow).blob))
  })

  it('rejects when the program rejects or fails', () => {
    const reject = new algosdk.LogicSigAccount(program('#pragma version 10\nint 0'))
    const txn = net.pay(
      { addr: reject.address().toString(), sk: new Uint8Array() },
      dispenser.addr,
      0n,
    )
    net.rejects(
      /transaction [A-Z2-7]{52}: rejected by logic$/,
      decode(algosdk.signLogicSigTransactionObject(txn, reject).blob),
    )
    const fails = new algosdk.LogicSigAccount(program('#pragma version 10\nerr'))
    const t2 = net.pay(
      { addr: fails.address().toString(), sk: new Uint8Array() },
      dispenser.addr,
      0n,
    )
    net.rejects(
      'rejected by logic err=err opcode executed. Details: pc=1',
      decode(algosdk.signLogicSigTransactionObject(t2, fails).blob),
    )
  })

  it('passes arguments to the program', () => {
    const src = '#pragma version 10\narg 0\nbyte "open sesame"\n=='
    const withArg = new algosdk.LogicSigAccount(program(src), [
      new TextEncoder().encode('open sesame'),
    ])
    const addr = withArg.address().toString()
    net.ok(sign(net.pay(dispenser, addr, 1_000_000n), dispenser.sk))
    net.ok(
      decode(
        algosdk.signLogicSigTransactionObject(
          net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 1n),
          withArg,
        ).blob,
      ),
    )
    const wrong = new algosdk.LogicSigAccount(program(src), [new TextEncoder().encode('nope')])
    net.rejects(
      'rejected by logic',
      decode(
        algosdk.signLogicSigTransactionObject(
          net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 2n),
          wrong,
        ).blob,
      ),
    )
  })

  it('refuses an undelegated program for an account that is not its own', () => {
    const txn = net.pay(dispenser, dispenser.addr, 4n)
    const lsig = new algosdk.LogicSig(escrowProgram)
    net.rejects(
      'LogicNot signed and not a Logic-only account',
      new algosdk.SignedTransaction({ txn, lsig }),
    )
  })

  it('refuses a program version above the network maximum (12)', () => {
    const v13 = Uint8Array.of(13, 0x81, 0x01)
    const lsig = new algosdk.LogicSigAccount(v13)
    const txn = net.pay(
      { addr: lsig.address().toString(), sk: new Uint8Array() },
      dispenser.addr,
      0n,
    )
    net.rejects(
      'LogicSig.Logic version too new',
      decode(algosdk.signLogicSigTransactionObject(txn, lsig).blob),
    )
  })

  it('accepts a delegated logic sig signed by the account, not by anyone else', () => {
    const a = net.funded(2_000_000n)
    const delegated = new algosdk.LogicSigAccount(escrowProgram)
    delegated.sign(a.sk)
    net.ok(
      decode(algosdk.signLogicSigTransactionObject(net.pay(a, dispenser.addr, 1n), delegated).blob),
    )
    const b = newAccount()
    const forged = new algosdk.LogicSigAccount(escrowProgram)
    forged.sign(b.sk)
    const lsig = forged.lsig
    net.rejects(
      "At least one signature didn't pass verification",
      new algosdk.SignedTransaction({ txn: net.pay(a, dispenser.addr, 2n), lsig }),
    )
  })

  it('accepts a logic sig delegated by a multisig (lmsig, consensus v41)', () => {
    const [k1, k2] = [newAccount(), newAccount()]
    const params = { version: 1, threshold: 2, addrs: [k1.addr, k2.addr] }
    const addr = algosdk.multisigAddress(params).toString()
    net.ok(sign(net.pay(dispenser, addr, 1_000_000n), dispenser.sk))
    const delegated = new algosdk.LogicSigAccount(escrowProgram)
    delegated.signMultisig(params, k1.sk)
    const txn = () => net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 1n)
    net.rejects(
      'logic multisig validation failed: Invalid number of signatures',
      new algosdk.SignedTransaction({ txn: txn(), lsig: delegated.lsig }),
    )
    delegated.appendToMultisig(k2.sk)
    net.ok(decode(algosdk.signLogicSigTransactionObject(txn(), delegated).blob))
  })

  it('pools the 20,000 logic-sig budget over the group (consensus v39)', () => {
    // About 26,500 of cost: more than one transaction's budget, less than two.
    const heavy = new algosdk.LogicSigAccount(
      program(
        '#pragma version 10\nint 0\nstore 0\nloop:\nbyte "x"\nsha512_256\npop\nload 0\nint 1\n+\ndup\nstore 0\nint 500\n<\nbnz loop\nint 1',
      ),
    )
    const addr = heavy.address().toString()
    net.ok(sign(net.pay(dispenser, addr, 1_000_000n), dispenser.sk))
    const alone = net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 1n)
    net.rejects(
      'dynamic cost budget exceeded',
      decode(algosdk.signLogicSigTransactionObject(alone, heavy).blob),
    )
    const t1 = net.pay({ addr, sk: new Uint8Array() }, dispenser.addr, 2n)
    const t2 = net.pay(dispenser, dispenser.addr, 3n)
    algosdk.assignGroupID([t1, t2])
    net.ok(decode(algosdk.signLogicSigTransactionObject(t1, heavy).blob), sign(t2, dispenser.sk))
  })

  it('authorizes a rekeyed account by the logic sig it was rekeyed to', () => {
    const a = net.funded(2_000_000n)
    const escrowAddr = escrow.address().toString()
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: a.addr,
      amount: 0n,
      rekeyTo: escrowAddr,
      suggestedParams: net.params(),
    })
    net.ok(sign(rekey, a.sk))
    const txn = net.pay(a, dispenser.addr, 1n)
    const lsig = escrow.lsig
    net.ok(new algosdk.SignedTransaction({ txn, lsig, sgnr: escrow.address() }))
    net.rejects('should have been authorized by', sign(net.pay(a, dispenser.addr, 2n), a.sk))
  })
})
