/**
 * The read side of the Chain contract over the committed state: accounts, holdings, local
 * states, assets, applications and boxes as algod's models (ledger/views.ts). Addresses arrive as
 * strings from REST paths: a malformed one throws a RangeError, which the REST layer answers 400.
 */
import algosdk, { modelsv2 } from 'algosdk'
import type { CommittedState } from '../ledger/committed.js'
import { addrKey, bytesKey, keyBytes } from '../ledger/keys.js'
import type { LedgerProtocol } from '../ledger/protocol.js'
import { AccountStatus } from '../ledger/state.js'
import {
  accountModel,
  appModel,
  appParams,
  assetModel,
  assetParams,
  holdingModel,
  localStateModel,
} from '../ledger/views.js'

function keyOf(address: string): string {
  try {
    return addrKey(algosdk.decodeAddress(address).publicKey)
  } catch {
    throw new RangeError(`failed to parse the address ${JSON.stringify(address.slice(0, 80))}`)
  }
}

export abstract class AccountQueries {
  constructor(
    protected readonly state: CommittedState,
    protected readonly proto: LedgerProtocol,
  ) {}

  /** The round the committed state is at. */
  protected abstract round(): bigint

  accountInfo(address: string, exclude: 'all' | 'none'): modelsv2.Account {
    return accountModel(this.state, keyOf(address), this.round(), this.proto, exclude)
  }

  accountAsset(address: string, assetId: bigint): modelsv2.AccountAssetResponse | undefined {
    const key = keyOf(address)
    const holding = this.state.holding(key, assetId)
    const asset = this.state.asset(assetId)
    const created = asset !== undefined && addrKey(asset.creator) === key
    if (holding === undefined && !created) return undefined
    return new modelsv2.AccountAssetResponse({
      round: this.round(),
      assetHolding: holding === undefined ? undefined : holdingModel(assetId, holding),
      createdAsset: created ? assetParams(asset) : undefined,
    })
  }

  accountApplication(
    address: string,
    appId: bigint,
  ): modelsv2.AccountApplicationResponse | undefined {
    const key = keyOf(address)
    const local = this.state.local(key, appId)
    const app = this.state.app(appId)
    const created = app !== undefined && addrKey(app.creator) === key
    if (local === undefined && !created) return undefined
    return new modelsv2.AccountApplicationResponse({
      round: this.round(),
      appLocalState: local === undefined ? undefined : localStateModel(appId, local),
      createdApp: created ? appParams(app) : undefined,
    })
  }

  asset(assetId: bigint): modelsv2.Asset | undefined {
    const a = this.state.asset(assetId)
    return a === undefined ? undefined : assetModel(assetId, a)
  }

  application(appId: bigint): modelsv2.Application | undefined {
    const a = this.state.app(appId)
    return a === undefined ? undefined : appModel(appId, a)
  }

  /**
   * algod's GET /v2/ledger/supply (go's AccountTotals): the money of participating accounts
   * (online and offline; the fee sink and rewards pool are not participating) and of online ones.
   */
  supply(): modelsv2.SupplyResponse {
    let totalMoney = 0n
    let onlineMoney = 0n
    for (const account of this.state.accounts.values()) {
      if (account.status === AccountStatus.NotParticipating) continue
      totalMoney += account.balance
      if (account.status === AccountStatus.Online) onlineMoney += account.balance
    }
    // Nobody votes on a devnet: the stake agreement counts is 0, as the AVM's online_stake reads it.
    return new modelsv2.SupplyResponse({
      currentRound: this.round(),
      totalMoney,
      onlineMoney,
      onlineStake: 0n,
    })
  }

  /** Names of the app's boxes, in byte order. */
  boxNames(appId: bigint): readonly Uint8Array[] {
    const names = [...(this.state.boxes.get(appId)?.keys() ?? [])]
    return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(keyBytes)
  }

  box(appId: bigint, name: Uint8Array): Uint8Array | undefined {
    return this.state.box(appId, bytesKey(name))
  }
}
