/**
 * The unnamed-resources policy a host may install for simulate's `allow-unnamed-resources`
 * (go-algorand logic `UnnamedResourcePolicy`): when a program touches an account, asset, app,
 * holding, local state or box that the group's rules do not make available, the AVM asks the
 * policy before failing. The policy decides, within the limits a real group could reach by naming
 * the resource, and records what it allowed (the devnet's simulate reports it). Without a policy
 * every such access fails, as on a real node.
 *
 * The policy is installed on the top-level EvalParams; inner groups share it through the group's
 * resources (resources.ts).
 */

/** What the policy needs to know of the program asking. */
export interface UnnamedAccess {
  /** The asking program's version. */
  readonly version: number
  /** Whether the program, or any app call above it, is v9+ (group resource sharing applies). */
  readonly globalSharing: boolean
  /** The top-level transaction whose evaluation is asking. */
  readonly rootIndex: number
}

export interface UnnamedResourcePolicy {
  availableAccount(at: UnnamedAccess, addr: Uint8Array): boolean
  availableAsset(at: UnnamedAccess, asset: bigint): boolean
  availableApp(at: UnnamedAccess, app: bigint): boolean
  allowsHolding(at: UnnamedAccess, addr: Uint8Array, asset: bigint): boolean
  allowsLocal(at: UnnamedAccess, addr: Uint8Array, app: bigint): boolean
  /** A box of `app` not referenced by the group; `readSize` is its current size (0 if none). */
  availableBox(app: bigint, name: Uint8Array, newApp: boolean, readSize: number): boolean
  /** The group's read budget minus the bytes of its referenced boxes (may be negative): whether
   * the deficit can be covered by extra box references. */
  ioSurplus(surplus: number): boolean
  /** The largest I/O budget the group could reach by adding box references. */
  maxIOBudget(): number
  /** After a box write: the dirty bytes the group's write budget must cover. */
  reconcileWriteBudget(dirtyBytes: number): void
}
