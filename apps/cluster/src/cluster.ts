/**
 * The scale path (docs/architecture.md, docs/operations.md) as real processes on this machine:
 * the devnet, one PostgreSQL, N API instances (`npm run server` with RUN_WORKER=false) on their
 * own ports, worker processes (`npm run worker`), and nginx in front. Every instance shares the
 * database, the media directory and COOKIE_SECRET, as production instances must.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet, type Devnet } from '@unica/devnet'
import { startNginx } from './nginx.js'
import { providePostgres, type Postgres } from './postgres.js'
import { freePort, waitForHttp } from './ports.js'
import { Child } from './process.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const SERVER_MAIN = join(ROOT, 'apps/server/src/main.ts')
const WORKER_MAIN = join(ROOT, 'apps/server/src/worker/main.ts')

/** The devnet's endpoints, when the caller runs one (a test that also trades on it). */
export interface DevnetEndpoints {
  readonly urls: { readonly algod: string; readonly indexer: string; readonly kmd: string }
  readonly token: string
}

export interface ClusterOptions {
  /** API instances behind nginx (default 3). */
  readonly instances?: number
  /** Worker processes (default 1). */
  readonly workers?: number
  /** nginx's port (default: a free one). */
  readonly port?: number
  /** A devnet to use; by default one is started in this process (free ports). */
  readonly devnet?: DevnetEndpoints
  /** Extra environment of every API instance and worker (e.g. READY_MAX_LAG_ROUNDS). */
  readonly env?: Readonly<Record<string, string>>
  /** The environment DATABASE_URL / TEST_DATABASE_URL are read from (default process.env). */
  readonly hostEnv?: NodeJS.ProcessEnv
  /** Told of progress (the CLI prints it). */
  readonly log?: (line: string) => void
}

export interface Instance {
  readonly port: number
  readonly url: string
  child: Child
}

export class Cluster {
  /** nginx's origin: what a browser or a client uses. */
  readonly url: string
  private readonly workerProcs: Child[] = []
  private nextWorker = 0

  private constructor(
    readonly dir: string,
    readonly nginxPort: number,
    readonly instances: Instance[],
    private readonly nginx: Child,
    readonly postgres: Postgres,
    readonly devnet: DevnetEndpoints,
    private readonly ownDevnet: Devnet | undefined,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.url = `http://127.0.0.1:${String(nginxPort)}`
  }

  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    const log = options.log ?? (() => undefined)
    const dir = mkdtempSync(join(tmpdir(), 'unica-cluster-'))
    const started: { stop(): Promise<void> }[] = []
    try {
      const ownDevnet =
        options.devnet === undefined
          ? await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
          : undefined
      if (ownDevnet !== undefined) started.push(ownDevnet)
      const devnet = options.devnet ?? ownDevnet!
      log(`devnet: algod ${devnet.urls.algod}`)
      const postgres = await providePostgres(dir, options.hostEnv)
      started.push(postgres)
      log(`PostgreSQL: ${postgres.origin}`)
      const nginxPort = options.port ?? (await freePort())
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NETWORK: 'devnet',
        ALGOD_URL: devnet.urls.algod,
        ALGOD_TOKEN: devnet.token,
        INDEXER_URL: devnet.urls.indexer,
        INDEXER_TOKEN: devnet.token,
        KMD_URL: devnet.urls.kmd,
        DATABASE_URL: postgres.url,
        HOST: '127.0.0.1',
        RUN_WORKER: 'false',
        TRUST_PROXY: 'true',
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        MEDIA_DIR: join(dir, 'media'),
        PUBLIC_URL: `http://127.0.0.1:${String(nginxPort)}`,
        ...options.env,
      }
      mkdirSync(join(dir, 'media'), { recursive: true })
      const count = options.instances ?? 3
      const ports: number[] = []
      for (let i = 0; i < count; i++) ports.push(await freePort())
      // One first, so it applies the migrations alone (the others would wait on its lock anyway).
      const instances: Instance[] = []
      for (const [i, port] of ports.entries()) {
        const instance = {
          port,
          url: `http://127.0.0.1:${String(port)}`,
          child: spawnApi(dir, env, i, port),
        }
        instances.push(instance)
        started.push(instance.child)
        if (i === 0)
          await waitForHttp(`${instance.url}/healthz`, 60_000, () => instance.child.alive)
      }
      await Promise.all(
        instances.map((s) => waitForHttp(`${s.url}/healthz`, 60_000, () => s.child.alive)),
      )
      log(`API instances: ${instances.map((s) => s.url).join(', ')}`)
      const nginx = await startNginx({ port: nginxPort, upstreams: ports, dir: join(dir, 'nginx') })
      started.push(nginx)
      const cluster = new Cluster(
        dir,
        nginxPort,
        instances,
        nginx,
        postgres,
        devnet,
        ownDevnet,
        env,
      )
      for (let i = 0; i < (options.workers ?? 1); i++) {
        const worker = await cluster.startWorker()
        started.push(worker)
        // The first one leads; the others are standbys from the start.
        await worker.waitForOutput(/follower: (leading|standby)/, 60_000)
      }
      log(`workers: ${String(options.workers ?? 1)} (logs in ${dir})`)
      return cluster
    } catch (error) {
      for (const s of started.reverse()) await s.stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
      throw error
    }
  }

  /** nginx's error log: where it notes each upstream it could not use (and retried past). */
  nginxErrors(): string {
    return readFileSync(join(this.dir, 'nginx', 'error.log'), 'utf8')
  }

  get workers(): readonly Child[] {
    return this.workerProcs
  }

  /** Another `npm run worker` process on the cluster's database. */
  async startWorker(): Promise<Child> {
    const n = this.nextWorker++
    const child = new Child({
      name: `worker-${String(n)}`,
      command: process.execPath,
      args: ['--import', 'tsx', WORKER_MAIN],
      env: this.env,
      cwd: ROOT,
      logFile: join(this.dir, `worker-${String(n)}.log`),
    })
    this.workerProcs.push(child)
    await child.waitForOutput(/worker running/, 60_000)
    return child
  }

  /**
   * Restarts instance `i`: SIGTERM (it stops accepting, answers 503 to what reaches it while it
   * closes, finishes what it started), then a new process on the same port, ready when /healthz
   * answers. nginx meanwhile sends its requests to the others.
   */
  async restartInstance(i: number): Promise<void> {
    const instance = this.instances[i]
    await instance.child.stop('SIGTERM')
    instance.child = spawnApi(this.dir, this.env, i, instance.port)
    await waitForHttp(`${instance.url}/healthz`, 60_000, () => instance.child.alive)
  }

  /** Stops everything this cluster started (nginx first, then the instances and workers). */
  async stop(): Promise<void> {
    await this.nginx.stop('SIGQUIT', 5000)
    await Promise.all([
      ...this.instances.map((s) => s.child.stop()),
      ...this.workerProcs.map((w) => w.stop()),
    ])
    await this.postgres.stop()
    await this.ownDevnet?.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

function spawnApi(dir: string, env: NodeJS.ProcessEnv, i: number, port: number): Child {
  const dataDir = join(dir, `api-${String(i)}`)
  mkdirSync(dataDir, { recursive: true })
  return new Child({
    name: `api-${String(i)}`,
    command: process.execPath,
    args: ['--import', 'tsx', SERVER_MAIN],
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    cwd: ROOT,
    logFile: join(dir, `api-${String(i)}.log`),
  })
}
