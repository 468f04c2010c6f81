/**
 * Signing through KMD's REST API, as a person using the devnet's KMD wallet does: the wallet
 * signs each transaction its keys own; the deploy group's proxy transaction is signed with the
 * proxy logic sig (@unica/contracts), as the web app does.
 */
import algosdk from 'algosdk'
import { walletSigner, type GroupSigner } from '@unica/contracts/flows'
import { DEFAULT_WALLET_NAME } from '@unica/devnet'

export class KmdSigner {
  private constructor(
    private readonly kmd: algosdk.Kmd,
    private readonly walletId: string,
  ) {}

  static async connect(kmdUrl: string, token: string): Promise<KmdSigner> {
    const kmd = new algosdk.Kmd(token, kmdUrl, new URL(kmdUrl).port)
    const { wallets } = (await kmd.listWallets()) as { wallets?: { id: string; name: string }[] }
    const wallet = wallets?.find((w) => w.name === DEFAULT_WALLET_NAME)
    if (wallet === undefined) throw new Error(`KMD has no wallet named ${DEFAULT_WALLET_NAME}`)
    return new KmdSigner(kmd, wallet.id)
  }

  /** Signs a builder's group: KMD signs the wallet's transactions, the proxy logic sig its own. */
  readonly signGroup: GroupSigner = walletSigner((txns, mine) =>
    this.withHandle((handle) =>
      Promise.all(mine.map((i) => this.kmd.signTransaction(handle, '', txns[i]))),
    ),
  )

  private async withHandle<T>(fn: (handle: string) => Promise<T>): Promise<T> {
    const { wallet_handle_token: handle } = (await this.kmd.initWalletHandle(
      this.walletId,
      '',
    )) as {
      wallet_handle_token: string
    }
    try {
      return await fn(handle)
    } finally {
      await this.kmd.releaseWalletHandle(handle).catch(() => undefined)
    }
  }
}
