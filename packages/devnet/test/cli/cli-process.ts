/** Runs the devnet CLI as `npm run devnet` does (node --import tsx src/cli.ts) in a child process. */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

export interface RunningCli {
  readonly child: ChildProcess
  /** Resolves with the output so far once `pattern` appears on stdout (rejects if it exits first). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>
  readonly finished: Promise<Finished>
}

/**
 * Starts the CLI; with `underShell`, as `npm run` does it: under `sh -c`, a shell that stays
 * the CLI's parent (so killing the shell orphans the CLI).
 */
export function spawnCli(args: readonly string[], underShell = false): RunningCli {
  const argv = [process.execPath, '--import', 'tsx', CLI, ...args]
  const quoted = argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
  const child = underShell
    ? spawn('/bin/sh', ['-c', `${quoted}; exit $?`], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, argv.slice(1), {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
  let stdout = ''
  let stderr = ''
  const listeners = new Set<() => void>()
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    for (const listener of listeners) listener()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const finished = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr })
      for (const listener of listeners) listener()
    })
  })
  const waitFor = (pattern: RegExp, timeoutMs = 30_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check)
        reject(
          new Error(
            `timed out waiting for ${String(pattern)}; stdout: ${stdout}; stderr: ${stderr}`,
          ),
        )
      }, timeoutMs)
      function check(): void {
        if (pattern.test(stdout)) {
          clearTimeout(timer)
          listeners.delete(check)
          resolve(stdout)
        } else if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer)
          listeners.delete(check)
          reject(
            new Error(`exited (${String(child.exitCode)}) before ${String(pattern)}: ${stderr}`),
          )
        }
      }
      listeners.add(check)
      check()
    })
  return { child, waitFor, finished }
}

/** The URL printed after `name` in the ready banner. */
export function printedUrl(stdout: string, name: 'algod' | 'indexer' | 'kmd'): string {
  const match = new RegExp(`^\\s*${name}\\s+(http://\\S+)$`, 'm').exec(stdout)
  if (match?.[1] === undefined) throw new Error(`no ${name} URL in: ${stdout}`)
  return match[1]
}
