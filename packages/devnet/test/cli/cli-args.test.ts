/** The CLI's strict argument reading (`parseCliArgs`), case by case. */
import { describe, expect, it } from 'vitest'
import { UsageError, parseCliArgs } from '../../src/cli.js'

describe('parseCliArgs', () => {
  it('reads every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseCliArgs([
        '--data',
        '/tmp/x',
        '--algod-port=0',
        '--indexer-port',
        '65535',
        '--kmd-port',
        '4002',
        '--block-interval',
        '2500',
      ]),
    ).toEqual({
      help: false,
      options: {
        dataDir: '/tmp/x',
        algodPort: 0,
        indexerPort: 65535,
        kmdPort: 4002,
        blockIntervalMs: 2500,
      },
    })
  })

  it('leaves every option to its default when no flag is given', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      options: {
        dataDir: undefined,
        algodPort: undefined,
        indexerPort: undefined,
        kmdPort: undefined,
        blockIntervalMs: undefined,
      },
    })
    expect(parseCliArgs(['-h'])).toEqual({ help: true })
  })

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/],
    [['--indexer-port'], /argument missing/],
    [['--algod-port', 'x'], /--algod-port must be an integer from 0 to 65535, got "x"/],
    [['--algod-port', '70000'], /--algod-port must be an integer/],
    [['--kmd-port', '-1'], /kmd-port/],
    [['--kmd-port', '1e3'], /--kmd-port must be an integer/],
    [['--block-interval', '0'], /--block-interval must be an integer from 1/],
    [['--block-interval', '1.5'], /--block-interval must be an integer/],
    [['--data', ''], /--data needs a directory/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError)
    expect(() => parseCliArgs(args)).toThrow(message)
  })
})
