/**
 * A child process of the cluster: its output goes to a log file (and is kept in memory, so tests
 * can wait for a line), and it stops with SIGTERM, then SIGKILL if it does not exit in time.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, type WriteStream } from 'node:fs'

export interface ProcessSpec {
  readonly name: string
  readonly command: string
  readonly args: readonly string[]
  readonly env?: NodeJS.ProcessEnv
  readonly cwd?: string
  /** Where its stdout and stderr are appended. */
  readonly logFile: string
}

/** Live children: killed if this process exits without stopping them (a crash, an uncaught error). */
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

export class Child {
  private readonly child: ChildProcess
  private readonly log: WriteStream
  private text = ''
  private readonly listeners = new Set<() => void>()
  readonly exited: Promise<number | null>
  private running = true

  constructor(readonly spec: ProcessSpec) {
    this.log = createWriteStream(spec.logFile, { flags: 'a' })
    this.child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    live.add(this.child)
    const take = (chunk: Buffer): void => {
      this.log.write(chunk)
      // Enough to wait for lines and to show the end of a failure; old output is on disk.
      this.text = (this.text + chunk.toString('utf8')).slice(-200_000)
      for (const listener of this.listeners) listener()
    }
    this.child.stdout?.on('data', take)
    this.child.stderr?.on('data', take)
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.running = false
        live.delete(this.child)
        this.log.write(`\n[${spec.name} exited: ${String(code ?? signal)}]\n`)
        for (const listener of this.listeners) listener()
        resolve(code)
      })
    })
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.spec.name} did not start`)
    return this.child.pid
  }

  get alive(): boolean {
    return this.running
  }

  /** The output so far (the last 200 kB). */
  get output(): string {
    return this.text
  }

  /** Resolves when the output (from `from` on) matches, or rejects after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number, from = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const match = pattern.exec(this.text.slice(from))
        if (match !== null) {
          done()
          resolve(match[0])
        } else if (!this.running) {
          done()
          reject(new Error(`${this.spec.name} exited before printing ${String(pattern)}`))
        }
      }
      const timer = setTimeout(() => {
        done()
        reject(
          new Error(`${this.spec.name} printed no ${String(pattern)} in ${String(timeoutMs)} ms`),
        )
      }, timeoutMs)
      const done = (): void => {
        clearTimeout(timer)
        this.listeners.delete(check)
      }
      this.listeners.add(check)
      check()
    })
  }

  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    if (this.running) {
      this.child.kill(signal)
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL')
      }, graceMs)
      await this.exited
      clearTimeout(timer)
    }
    await new Promise<void>((resolve) => {
      this.log.end(resolve)
    })
  }

  /** `kill -9`: no chance to clean up (the test of a crashed worker). */
  async kill(): Promise<void> {
    await this.stop('SIGKILL')
  }
}
