/**
 * Signing through KMD's REST API, as a person using the devnet's KMD wallet does: the wallet
 * signs each transaction its keys own; the deploy group's proxy transaction is signed with the
 * proxy logic sig (@unica/contracts), as the web app does.
 */
import algosdk from 'algosdk'
import { signWithProxy, type UnsignedGroup } from '@unica/contracts'
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

  async signGroup(group: UnsignedGroup): Promise<Uint8Array[]> {
    return this.withHandle((handle) =>
      Promise.all(
        group.txns.map((txn, i) => {
          const signer = group.signers[i]
          return signer.kind === 'proxy'
            ? Promise.resolve(signWithProxy(txn, signer.proxyId))
            : this.kmd.signTransaction(handle, '', txn)
        }),
      ),
    )
  }

  async signTxn(txn: algosdk.Transaction): Promise<Uint8Array> {
    return this.withHandle((handle) => this.kmd.signTransaction(handle, '', txn))
  }

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
