/**
 * Fixtures for the application tests: one approval program routed by its first argument (state
 * writes, logs, boxes, inner transactions of every kind), and helpers to create and call apps.
 */
import algosdk from 'algosdk'
import { program, sign, type Acct, type TestNet } from './testnet.js'

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

/** One approval program, routed by its first argument. */
const ROUTES: Record<string, string> = {
  inc: 'byte "count"\nbyte "count"\napp_global_get\nint 1\n+\napp_global_put\nbyte "counted"\nlog',
  reject: 'int 0\nreturn',
  fail: 'err',
  two: 'byte "x"\nint 1\napp_global_put',
  bytes: 'byte "k"\nbyte "v"\napp_global_put',
  bigkey: 'int 65\nbzero\nint 1\napp_global_put',
  bigvalue: 'byte "k"\nint 128\nbzero\napp_global_put',
  local: 'txn Sender\nbyte "l"\nint 5\napp_local_put',
  box: 'byte "b"\nint 10\nbox_create\npop',
  pay: 'itxn_begin\nint pay\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\nint 1000\nitxn_field Amount\nint 0\nitxn_field Fee\nitxn_submit',
  asset:
    'itxn_begin\nint acfg\nitxn_field TypeEnum\nint 10\nitxn_field ConfigAssetTotal\nbyte "IN"\nitxn_field ConfigAssetUnitName\nint 0\nitxn_field Fee\nitxn_submit\nitxn CreatedAssetID\nitob\nlog',
  call: 'itxn_begin\nint appl\nitxn_field TypeEnum\ntxna Applications 1\nitxn_field ApplicationID\ntxna ApplicationArgs 1\nitxn_field ApplicationArgs\nint 0\nitxn_field Fee\nitxn_submit',
  optin:
    'itxn_begin\nint axfer\nitxn_field TypeEnum\ntxna Assets 0\nitxn_field XferAsset\nglobal CurrentApplicationAddress\nitxn_field AssetReceiver\nint 0\nitxn_field Fee\nitxn_submit',
  sendasset:
    'itxn_begin\nint axfer\nitxn_field TypeEnum\ntxna Assets 0\nitxn_field XferAsset\ntxn Sender\nitxn_field AssetReceiver\nint 5\nitxn_field AssetAmount\nint 0\nitxn_field Fee\nitxn_submit',
  steal:
    'itxn_begin\nint pay\nitxn_field TypeEnum\ntxna Accounts 1\nitxn_field Sender\ntxn Sender\nitxn_field Receiver\nint 1\nitxn_field Amount\nint 0\nitxn_field Fee\nitxn_submit',
}

export const APPROVAL = program(
  [
    '#pragma version 10',
    'txn ApplicationID',
    'bz create',
    'txn OnCompletion',
    'int NoOp',
    '!=',
    'bnz approve',
    ...Object.keys(ROUTES).flatMap((r) => [
      'txna ApplicationArgs 0',
      `byte "${r}"`,
      '==',
      `bnz ${r}`,
    ]),
    'err',
    'create:',
    'byte "count"',
    'int 0',
    'app_global_put',
    'approve:',
    'int 1',
    'return',
    ...Object.entries(ROUTES).flatMap(([r, code]) => [`${r}:`, code, 'int 1', 'return']),
  ].join('\n'),
)
export const CLEAR_OK = program('#pragma version 10\nint 1')
export const CLEAR_WRITES_AND_FAILS = program(
  '#pragma version 10\nbyte "count"\nint 100\napp_global_put\nint 0',
)

export interface AppOpts {
  readonly approval?: Uint8Array
  readonly clear?: Uint8Array
  readonly globalInts?: number
  readonly globalBytes?: number
  readonly localInts?: number
  readonly extraPages?: number
}

export class AppKit {
  constructor(readonly net: TestNet) {}

  readonly createTxn = (creator: Acct, o: AppOpts = {}): algosdk.Transaction =>
    algosdk.makeApplicationCreateTxnFromObject({
      sender: creator.addr,
      approvalProgram: o.approval ?? APPROVAL,
      clearProgram: o.clear ?? CLEAR_OK,
      numGlobalInts: o.globalInts ?? 1,
      numGlobalByteSlices: o.globalBytes ?? 0,
      numLocalInts: o.localInts ?? 1,
      numLocalByteSlices: 0,
      extraPages: o.extraPages ?? 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: this.net.params(),
    })

  readonly createApp = (creator: Acct, o: AppOpts = {}): bigint => {
    const [txid] = this.net.ok(sign(this.createTxn(creator, o), creator.sk))
    return this.net.chain.pending(txid)!.applicationIndex!
  }

  readonly call = (
    sender: Acct,
    appIndex: bigint,
    args: string[],
    extra: Partial<Parameters<typeof algosdk.makeApplicationCallTxnFromObject>[0]> = {},
    fee = 1000n,
  ): algosdk.SignedTransaction =>
    sign(
      algosdk.makeApplicationCallTxnFromObject({
        sender: sender.addr,
        appIndex,
        onComplete: algosdk.OnApplicationComplete.NoOpOC,
        appArgs: args.map(enc),
        suggestedParams: this.net.params({ fee }),
        ...extra,
      }),
      sender.sk,
    )

  readonly oc = (
    sender: Acct,
    appIndex: bigint,
    onComplete: algosdk.OnApplicationComplete,
  ): algosdk.SignedTransaction =>
    sign(
      algosdk.makeApplicationCallTxnFromObject({
        sender: sender.addr,
        appIndex,
        onComplete,
        suggestedParams: this.net.params(),
      }),
      sender.sk,
    )

  readonly appAddress = (id: bigint): string => algosdk.getApplicationAddress(id).toString()

  readonly global = (id: bigint, key: string): algosdk.modelsv2.TealValue | undefined =>
    this.net.chain
      .application(id)!
      .params!.globalState?.find((kv) => Buffer.from(kv.key).toString() === key)?.value
}
