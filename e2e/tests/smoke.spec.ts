import { expect, test } from '../src/fixtures.js'

test('home', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeVisible()
})
