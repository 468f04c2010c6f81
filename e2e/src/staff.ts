/** Staff flows through the UI: create an NFT, deploy its contract and finish setup. */
import { expect, type Page } from '@playwright/test'
import type { Devnet } from '@unica/devnet'
import { accountNamed } from './chain.js'
import { STAFF } from './fixtures.js'
import { nftImage } from './images.js'
import { connectKmd, menu } from './wallet.js'

/** Opens the home page and connects the staff account through KMD; answers its address. */
export async function signInAsStaff(page: Page, devnet: Devnet): Promise<string> {
  const staff = accountNamed(devnet, STAFF)
  await page.goto('/')
  await connectKmd(page, staff)
  return staff
}

export interface NewNft {
  readonly unitName: string
  readonly name: string
  readonly description: string
}

/** Fills and submits the Create NFT form; the app then goes on to the deploy screen by itself. */
export async function fillCreateForm(page: Page, nft: NewNft, image?: Buffer): Promise<void> {
  await menu(page, 'Create new NFT')
  await expect(page).toHaveURL(/\/admin\/add-nft$/)
  await expect(page.getByText(/^Total cost: \d+\.\d+ Algos$/)).toBeVisible()
  await page.locator('input[type="file"]').setInputFiles({
    name: `${nft.unitName.toLowerCase()}.png`,
    mimeType: 'image/png',
    buffer: image ?? (await nftImage(nft.unitName)),
  })
  await page.getByLabel('Ticker Symbol').fill(nft.unitName)
  await page.getByLabel('Asset Name').fill(nft.name)
  await page.getByLabel('Description').fill(nft.description)
}

/** A row of the Create NFT form's creator royalty: an address and its percentage as typed. */
export interface RoyaltyRowInput {
  readonly address: string
  readonly percent: string
}

/**
 * Fills the Create NFT form's royalty section: the first row (the creator's by default) and one
 * added row per further recipient.
 */
export async function fillRoyalty(page: Page, rows: readonly RoyaltyRowInput[]): Promise<void> {
  const section = page.getByRole('group', { name: 'Creator royalty' })
  for (const [i, row] of rows.entries()) {
    if (i > 0) await section.getByRole('button', { name: 'Add recipient' }).click()
    await section.getByLabel(`Recipient ${i + 1} address`).fill(row.address)
    await section.getByLabel(`Recipient ${i + 1} royalty (%)`).fill(row.percent)
  }
}

/** The deploy screen's steps, in order. */
const DEPLOY_STEPS = ['Asset created', 'Contract deployed', 'Setup finished'] as const

/**
 * Expects the deploy screen's checklist to show all three steps done, each with its transaction
 * (linked to the explorer) and the fees it cost, and the screen to stay with 'View your NFT'.
 */
export async function expectDeployChecklist(page: Page): Promise<void> {
  const steps = page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem')
  await expect(page.getByRole('link', { name: 'View your NFT' })).toBeVisible({ timeout: 90_000 })
  await expect(steps).toHaveCount(DEPLOY_STEPS.length)
  for (const [i, label] of DEPLOY_STEPS.entries()) {
    const step = steps.nth(i)
    await expect(step).toContainText(`${label}: Done`)
    await expect(
      step.getByRole('link', { name: new RegExp(`^${label}: transaction`) }),
    ).toHaveAttribute('href', /\/explorer\/tx\/[A-Z2-7]{52}$/)
    await expect(step.getByText(/^Fee: \d+(\.\d+)? Algos$/)).toBeVisible()
  }
  await expect(page).toHaveURL(/\/admin\/add-nft\/[0-9a-f]{32}\?start=true$/)
}

/**
 * Creates an NFT and lets the app deploy and configure its contract (Create NFT, then the deploy
 * screen with start=true, whose checklist it checks before 'View your NFT'); answers the guid of the ready asset, whose details page is then open.
 */
export async function createReadyNft(
  page: Page,
  nft: NewNft,
  options: { filled?: boolean } = {},
): Promise<string> {
  if (options.filled !== true) await fillCreateForm(page, nft)
  // The deploy screen may pass in a moment: listen for it before the click.
  const deployScreen = page.waitForURL(/\/admin\/add-nft\/[0-9a-f]{32}\?start=true$/, {
    timeout: 60_000,
  })
  await page.getByRole('button', { name: 'Add NFT' }).click()
  await deployScreen
  // The deploy screen stays with its checklist: every step done, linked and priced.
  await expectDeployChecklist(page)
  await page.getByRole('link', { name: 'View your NFT' }).click()
  await expect(page).toHaveURL(/\/nft\/[0-9a-f-]{32,36}$/, { timeout: 90_000 })
  await expect(page.getByRole('heading', { name: nft.name, level: 1 })).toBeVisible()
  const guid = /\/nft\/([0-9a-f-]{32,36})$/.exec(page.url())?.[1]
  if (guid === undefined) throw new Error(`no guid in ${page.url()}`)
  return guid
}
