import algosdk from 'algosdk'

/**
 * sha512_256("Program" || program): a logic sig's address bytes, and the manager hash the proxy
 * checks the approval program against.
 */
export function programHash(program: Uint8Array): Uint8Array {
  return new algosdk.LogicSigAccount(program).address().publicKey
}
