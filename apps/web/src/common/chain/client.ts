/** algod and indexer clients built from the runtime configuration. */
import algosdk from 'algosdk'
import type { AppConfig } from '../lib/config.js'

function split(url: string): { server: string; port: string } {
  const u = new URL(url)
  const port = u.port
  u.port = ''
  return { server: u.toString().replace(/\/$/, ''), port }
}

export function algodClient(config: AppConfig): algosdk.Algodv2 {
  const { server, port } = split(config.algodUrl)
  return new algosdk.Algodv2(config.algodToken, server, port)
}
