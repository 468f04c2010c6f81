/**
 * A resale pays the creator's royalty (docs/product.md §3), through the UI only: staff creates a
 * v2 NFT with a split royalty, sells it to collector A; A lists it (the Set price dialog says what
 * A will receive before signing) and collector B buys it. The chain's USDC, the history's price
 * cell and the API's operation then agree on every recipient's floor(price × share / 10000).
 */
import { accountNamed, USDC } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { expectNftAt, marketOf, operationsOf, usdcOf } from '../src/holdings.js'
import { expectFacts, expectHistory, expectSuccess, openTrade, trade } from '../src/market.js'
import { createReadyNft, fillCreateForm, fillRoyalty } from '../src/staff.js'
import { connectKmd, selectAccount, shortAddress } from '../src/wallet.js'

/** USDC base units as the app writes them: 6 decimals, trailing zeros dropped ("30.000001"). */
function usdcText(units: bigint): string {
  const whole = (units / USDC).toString()
  const fraction = (units % USDC).toString().padStart(6, '0').replace(/0+$/, '')
  return `${fraction === '' ? whole : `${whole}.${fraction}`} USDC`
}

test('a resale by a collector pays each royalty recipient its cut, as the page said', async ({
  page,
  devnet,
  baseURL,
}) => {
  // An NFT deployed through the UI and three trades, each checked on the page and on chain.
  test.slow()
  const staff = accountNamed(devnet, STAFF)
  const collaborator = accountNamed(devnet, 'Wallet5')
  const alice = accountNamed(devnet, 'Wallet3')
  const bob = accountNamed(devnet, 'Wallet4')
  // 7% to the creator, 3% to a collaborator: 10% in all.
  const split = [
    { address: staff, share: 700n },
    { address: collaborator, share: 300n },
  ]

  await page.goto('/')
  await connectKmd(page, staff)
  const nft = {
    unitName: 'EMB',
    name: 'Ember Drift',
    description: 'Sparks carried off by the tide.',
  }
  await fillCreateForm(page, nft)
  await fillRoyalty(page, [
    { address: staff, percent: '7' },
    { address: collaborator, percent: '3' },
  ])
  await expect(page.getByText('Total royalty: 10% (1000 basis points)')).toBeVisible()
  const guid = await createReadyNft(page, nft, { filled: true })
  const market = await marketOf(baseURL!, guid)
  const parties = [staff, collaborator, alice, bob, market.escrow]
  const start = {
    staff: await usdcOf(devnet, staff),
    collaborator: await usdcOf(devnet, collaborator),
    alice: await usdcOf(devnet, alice),
    bob: await usdcOf(devnet, bob),
  }
  await expect(page.getByText('Creator royalty: 10%', { exact: true })).toBeVisible()

  // The creator's own sale pays no royalty, and the dialog says so before signing.
  const first = 50n * USDC
  const ask = await openTrade(page, 'Set price', '50')
  await expect(
    ask.getByText('You receive 50 USDC: no royalty is taken when the creator sells.'),
  ).toBeVisible()
  await ask.getByRole('button', { name: 'Confirm' }).click()
  await expectSuccess(page)
  await expectFacts(page, { price: '50 USDC', owner: shortAddress(staff) })

  await selectAccount(page, alice)
  await trade(page, 'Buy now')
  await expectFacts(page, { price: '—', owner: shortAddress(alice) })
  await expectNftAt(devnet, market, alice, parties)
  expect(await usdcOf(devnet, staff)).toBe(start.staff + first)
  expect(await usdcOf(devnet, collaborator)).toBe(start.collaborator)

  // Alice resells at a price whose cuts round down: each recipient's floor, not the total's.
  const price = 33_333_333n // 33.333333 USDC
  const cuts = split.map((r) => (price * r.share) / 10_000n) // 2.333333 and 0.999999
  const [staffCut, collaboratorCut] = cuts
  const royalty = cuts.reduce((a, b) => a + b, 0n)
  const net = price - royalty
  expect(net).toBe(30_000_001n)
  const resale = await openTrade(page, 'Set price', '33.333333')
  await expect(
    resale.getByText(`You receive ${usdcText(net)} after the creator's royalty (10%).`),
  ).toBeVisible()
  await resale.getByRole('button', { name: 'Confirm' }).click()
  await expectSuccess(page)
  await expectFacts(page, { price: '33.333333 USDC', owner: shortAddress(alice) })
  await expectNftAt(devnet, market, market.escrow, parties)

  await selectAccount(page, bob)
  await trade(page, 'Buy now')
  await expectFacts(page, { price: '—', owner: shortAddress(bob) })
  await expectNftAt(devnet, market, bob, parties)

  // The chain: the seller got the net, each recipient its cut, nothing stayed in the escrow.
  expect(await usdcOf(devnet, alice)).toBe(start.alice - first + net)
  expect(await usdcOf(devnet, bob)).toBe(start.bob - price)
  expect(await usdcOf(devnet, staff)).toBe(start.staff + first + staffCut)
  expect(await usdcOf(devnet, collaborator)).toBe(start.collaborator + collaboratorCut)
  expect(await usdcOf(devnet, market.escrow)).toBe(0n)

  // The history's price cell carries the royalty ...
  const bought = `Bought from ${shortAddress(alice)} by ${shortAddress(bob)}`
  await expectHistory(
    page,
    bought,
    `Buyer ${shortAddress(bob)}`,
    `${usdcText(price)} (royalty ${usdcText(royalty)})`,
  )
  // ... and so does the API's operation; the creator's own sale took none.
  await expect
    .poll(async () =>
      (await operationsOf(baseURL!, guid))
        .filter((op) => op.op_type === 'BUY_NOW' && op.is_executed)
        .map((op) => ({
          sender: op.sender,
          value: op.value,
          counterparty: op.counterparty,
          royalty: op.royalty,
        })),
    )
    .toEqual([
      { sender: bob, value: price.toString(), counterparty: alice, royalty: royalty.toString() },
      { sender: alice, value: first.toString(), counterparty: staff, royalty: '0' },
    ])
})

test('Create NFT takes only as many royalty recipients as a new deploy’s contract', async ({
  page,
  devnet,
}) => {
  // New deploys run manager v3, which takes 3 recipients: a 4th row used to be accepted, and the
  // piece then failed at setup after the creator had signed its creation and deploy.
  const staff = accountNamed(devnet, STAFF)
  const others = ['Wallet3', 'Wallet4'].map((name) => accountNamed(devnet, name))
  await page.goto('/')
  await connectKmd(page, staff)
  await fillCreateForm(page, { unitName: 'TRI', name: 'Three Ways', description: 'Split.' })
  const section = page.getByRole('group', { name: 'Creator royalty' })
  await expect(section.getByText('Paid to up to 3 recipients on every resale')).toBeVisible()
  await fillRoyalty(page, [
    { address: staff, percent: '1' },
    ...others.map((address) => ({ address, percent: '1' })),
  ])
  await expect(section.getByRole('button', { name: 'Add recipient' })).toBeDisabled()
  await expect(section.getByText('A new piece takes at most 3 recipients.')).toBeVisible()
  await expect(page.getByText('Total royalty: 3% (300 basis points)')).toBeVisible()
})
