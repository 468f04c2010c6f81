/** Become a creator: a non-staff user's application form, its validation messages, the thanks. */
import { accountNamed } from '../src/chain.js'
import { expect, test } from '../src/fixtures.js'
import { connectKmd, menu } from '../src/wallet.js'

test('a user applies to become a creator', async ({ page, devnet, saveScreen }) => {
  await page.goto('/')
  await connectKmd(page, accountNamed(devnet, 'Wallet3'))
  await menu(page, 'Become a Creator')
  await expect(page).toHaveURL(/\/admin\/apply$/)
  await expect(page.getByText('Applications are not being reviewed at the moment.')).toBeVisible()
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`))
  // Each field's error sits under it, in the field's own block of the form.
  const errorOf = (label: string) =>
    page
      .locator('form > div')
      .filter({ has: field(label) })
      .getByRole('alert')
  const submit = page.getByRole('button', { name: 'Submit' })

  // Nothing filled: every required field and the social rule speak up.
  await submit.click()
  for (const label of ['Name', 'Email', 'About you', 'Portfolio / website']) {
    await expect(errorOf(label)).toHaveText('This field is required.')
  }
  await expect(page.getByText('You need at least 1 social media account.')).toBeVisible()
  await saveScreen(page, 'become-creator-errors')

  await field('Name').fill('A')
  await field('Alias').fill('B')
  await field('Email').fill('not-an-email')
  await field('About you').fill('Too short')
  await field('Twitter').fill('not a url')
  await field('Portfolio / website').fill('ftp://example.com')
  await submit.click()
  await expect(errorOf('Name')).toHaveText('Ensure this field has at least 2 characters.')
  await expect(errorOf('Alias')).toHaveText('Ensure this field has at least 2 characters.')
  await expect(errorOf('Email')).toHaveText('Enter a valid email address.')
  await expect(errorOf('About you')).toHaveText('Ensure this field has at least 10 characters.')
  await expect(errorOf('Twitter')).toHaveText('Enter a valid URL.')
  await expect(errorOf('Portfolio / website')).toHaveText('Enter a valid URL.')
  // Typing in a social field clears the "at least one" error.
  await expect(page.getByText('You need at least 1 social media account.')).toBeHidden()

  await field('Name').fill('Ada Painter')
  await field('Alias').fill('')
  await field('Email').fill('  ada@example.com ')
  await field('About you').fill('I paint harbours at night, on panels of copper.')
  await field('Twitter').fill('')
  await field('Instagram').fill('https://instagram.com/ada.paints')
  await field('Portfolio / website').fill('https://ada.example.com')
  await submit.click()
  await expect(page.getByText('Thanks, we received your application!')).toBeVisible()
  await expect(submit).toBeHidden()
  await saveScreen(page, 'become-creator-thanks')
})
