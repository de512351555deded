import { MESSAGES } from '@roam/contract/messages';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { apiGet, screenshot, seriousViolations, signInByApi, usePages, waitForToast } from './browser';

/** Create and edit as an admin does them (DESIGN §8): fill, crop, submit, see the result. */
const openPage = usePages();

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a8' } })
    .png()
    .toBuffer();

/** Picks an image in the form's image field and crops it; `preview` names the image that then shows. */
async function chooseAndCrop(page: Page, label: string, preview = `${label} preview`): Promise<void> {
  const dialog = page.getByRole('dialog').first();
  await dialog.getByLabel(label, { exact: true }).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: await photo(),
  });
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await crop.getByRole('button', { name: 'Crop' }).click();
  await crop.waitFor({ state: 'hidden' });
  await dialog.getByRole('img', { name: preview }).waitFor();
}

/** Picks a value in a searchable select. */
async function pick(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await page.getByRole('option', { name: value, exact: true }).click();
}

type CityList = {
  cities: { _id: string; name: string; country: { name: string; ISO: string; currency: string } }[];
};

describe('cities', () => {
  it('creates a city: live messages, country fills ISO and currency, square crop, toast, row in the list', async () => {
    const page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/cities');
    await page.getByRole('heading', { level: 1, name: 'City' }).waitFor();
    await page.getByRole('button', { name: 'Create City' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create City' });
    await dialog.waitFor();

    // Live messages as the admin leaves an empty field, and the spec's toast on submit.
    await dialog.getByRole('textbox', { name: 'City Name' }).focus();
    await dialog.getByRole('textbox', { name: 'City Name' }).blur();
    await dialog.getByText(MESSAGES.enterCityName).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await waitForToast(page, MESSAGES.fillAllDetails)).toBe('error');
    await dialog.getByText(MESSAGES.uploadFile).waitFor();
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

    await dialog.getByRole('textbox', { name: 'City Name' }).fill('Valparaíso Norte');
    await pick(page, 'Country Name', 'Chile');
    await expect.poll(() => dialog.getByLabel('Country ISO', { exact: true }).inputValue()).toBe('CL');
    expect(await dialog.getByLabel('Currency', { exact: true }).inputValue()).toMatch(/^CLP/);
    await chooseAndCrop(page, 'City image');
    await screenshot(page, 'city-create-filled');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await waitForToast(page, MESSAGES.cityCreated)).toBe('success');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search' }).fill('Valparaíso Norte');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    await page.getByRole('cell', { name: 'Valparaíso Norte', exact: true }).first().waitFor();
    const list = await apiGet<CityList>(page, '/admin/city?searchphrase=Valpara%C3%ADso%20Norte');
    expect(list.cities).toHaveLength(1);
    expect(list.cities[0]?.country).toEqual({ name: 'Chile', ISO: 'CL', currency: 'CLP' });
    await screenshot(page, 'city-created-in-list');

    // The same name in the same country again: the server's 409 shows under the name.
    await page.getByRole('button', { name: 'Create City' }).click();
    const again = page.getByRole('dialog', { name: 'Create City' });
    await again.getByRole('textbox', { name: 'City Name' }).fill('Valparaíso Norte');
    await pick(page, 'Country Name', 'Chile');
    await chooseAndCrop(page, 'City image');
    await again.getByRole('button', { name: 'Create' }).click();
    await again.getByText('a city named Valparaíso Norte already exists in Chile').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('edits the city from its row menu on a phone, with a 16:9 image', async () => {
    const page = await openPage(375);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/cities?q=Valpara%C3%ADso%20Norte');
    // Below 768 px the row is a card named by the city.
    await page.getByRole('listitem', { name: 'Valparaíso Norte', exact: true }).first().waitFor();
    await page.getByRole('button', { name: /^Actions for Valparaíso Norte/ }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit City' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'City Name' }).inputValue()).toBe('Valparaíso Norte');
    await chooseAndCrop(page, 'City image');
    await dialog.getByRole('textbox', { name: 'City Name' }).fill('Valparaíso Alto');
    await screenshot(page, 'city-edit-375');
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await waitForToast(page, MESSAGES.cityUpdated)).toBe('success');
    await dialog.waitFor({ state: 'hidden' });
    const list = await apiGet<CityList>(page, '/admin/city?searchphrase=Valpara%C3%ADso%20Alto');
    expect(list.cities).toHaveLength(1);
  });
});

describe('promo banners', () => {
  it('creates a banner with a city and a 16:9 image, then edits it from its card', async () => {
    const page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/promos');
    await page.getByRole('heading', { level: 1, name: 'Promo Banner' }).waitFor();
    await page.getByRole('button', { name: 'Create New Promo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Promo' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Winter coffee week');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Two for one in every partner cafe.');
    await dialog.getByRole('textbox', { name: 'Internal URL' }).fill('/cafe');
    await dialog.getByRole('textbox', { name: 'External URL' }).fill('javascript:alert(1)');
    await dialog.getByRole('textbox', { name: 'Internal URL' }).focus();
    await dialog.getByText('must be an http or https link').waitFor();
    await dialog.getByRole('textbox', { name: 'External URL' }).fill('https://example.com/winter');
    const city = dialog.getByLabel('City', { exact: true });
    await city.click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await chooseAndCrop(page, 'Banner image');
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);
    await screenshot(page, 'promo-create-filled');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await waitForToast(page, MESSAGES.promoCreated)).toBe('success');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search' }).fill('Winter coffee week');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    const card = page.getByRole('article', { name: 'Winter coffee week' });
    await card.waitFor();
    await card.getByRole('button', { name: /^Actions for Winter coffee week/ }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Promo' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('Winter coffee month');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await waitForToast(page, MESSAGES.editedSuccessfully)).toBe('success');
    await edit.waitFor({ state: 'hidden' });
    const promos = await apiGet<{
      banners: { name: string; imageurl: string | null; city: string | null }[];
    }>(page, '/admin/promo?searchphrase=Winter%20coffee');
    expect(promos.banners).toHaveLength(1);
    expect(promos.banners[0]).toMatchObject({ name: 'Winter coffee month' });
    expect(promos.banners[0]?.imageurl).toMatch(/^\/uploads\//);
    expect(promos.banners[0]?.city).toBeTruthy();
    await screenshot(page, 'promo-edited');
  });
});

describe('things to do', () => {
  it('adds one with bold text, a heading, a list and a link, then shows it rendered on its page', async () => {
    const page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/explore');
    await page.getByRole('heading', { level: 1, name: 'Things ToDo' }).waitFor();
    await page.getByRole('button', { name: 'Add Things ToDo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Things ToDo' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Sunrise hike to the crater');
    await dialog.getByLabel('City', { exact: true }).click();
    await page.getByRole('listbox').getByRole('option').first().click();

    const editor = dialog.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.type('## Before you go');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Start at five');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Water');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Headlamp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Trail map');
    await page.keyboard.press('Shift+Home');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    const url = page.getByPlaceholder('https://example.com/');
    await url.fill('https://example.com/trail');
    await url.press('Enter');

    await chooseAndCrop(page, 'Images', 'Images 1');
    await chooseAndCrop(page, 'Images', 'Images 2');
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);
    await screenshot(page, 'explore-create-filled');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await waitForToast(page, MESSAGES.exploreCreated)).toBe('success');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search' }).fill('Sunrise hike to the crater');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    await page.getByRole('link', { name: 'Sunrise hike to the crater' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sunrise hike to the crater' }).waitFor();
    const body = page.locator('.mantine-Typography-root').first();
    await body.getByRole('heading', { name: 'Before you go' }).waitFor();
    expect(await body.locator('strong').first().textContent()).toBe('Start at five');
    expect(await body.locator('li').allTextContents()).toEqual(['Water', 'Headlamp']);
    expect(await body.getByRole('link', { name: 'Trail map' }).getAttribute('href')).toBe(
      'https://example.com/trail',
    );
    await screenshot(page, 'explore-detail-rendered');
  });

  it('offers the same form as the /addexplore page', async () => {
    const page = await openPage(768);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/addexplore');
    await page.getByRole('heading', { level: 1, name: 'Add Things ToDo' }).waitFor();
    await page.getByRole('textbox', { name: 'Description' }).waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText(MESSAGES.enterTitle).waitFor();
    await page.getByText(MESSAGES.uploadFile).waitFor();
    await screenshot(page, 'addexplore-768');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Things ToDo' }).waitFor();
  });
});
