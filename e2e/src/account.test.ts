import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminMe } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  apiGet,
  baseUrl,
  expectNoCspViolations,
  launchBrowser,
  loadedImageWidth,
  newPage,
  screenshot,
  signInAs,
  waitForPath,
  waitForToast,
} from './browser';

let browser: Browser;
let page: Page;
let scratchDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  scratchDir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-avatar-'));
});
afterAll(async () => {
  await browser?.close();
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  await restoreNames();
});
afterEach(async () => {
  expectNoCspViolations(page);
  await page.context().close();
});

const account = E2E_ACCOUNTS.admin;
const ORIGINAL_FULL_NAME = `${account.fullname} ${account.lastname}`;

/**
 * Safety net for the other files, which find the admin by username: if a test stopped half-way,
 * put the names back through the API (PUT /admin/me, as the page does).
 */
async function restoreNames(): Promise<void> {
  const signin = await fetch(new URL('/auth/signin', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const { access_token: token } = (await signin.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(new URL('/admin/me', baseUrl()), { headers })).json()) as AdminMe;
  if (me.profile.username === account.username && me.profile.fullname === account.fullname) return;
  const body = new FormData();
  body.append('userID', me.profile.userID);
  body.append('username', account.username);
  body.append('fullname', account.fullname);
  body.append('lastname', account.lastname);
  const update = await fetch(new URL('/admin/me', baseUrl()), { method: 'PUT', headers, body });
  expect(update.status).toBe(200);
}

/** A small PNG made on the fly: a coloured square. */
async function makeAvatar(): Promise<string> {
  const file = path.join(scratchDir, 'avatar.png');
  await sharp({ create: { width: 48, height: 48, channels: 3, background: '#e8590c' } })
    .png()
    .toFile(file);
  return file;
}

function field(page: Page, label: 'Full Name' | 'Username' | 'Email') {
  return page.getByRole('main').getByLabel(new RegExp(`^${label}`));
}

async function openAccount(page: Page, username: string) {
  await page.getByRole('link', { name: `My account: ${username}` }).click();
  await waitForPath(page, '/account');
  await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
}

async function saveProfile(page: Page, fullName: string, username: string, avatar?: string) {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await field(page, 'Full Name').fill(fullName);
  await field(page, 'Username').fill(username);
  if (avatar) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose Avatar' }).click();
    await (await chooser).setFiles(avatar);
    await page.getByRole('img', { name: 'New avatar preview' }).waitFor();
  }
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect(await waitForToast(page, MESSAGES.editedSuccessfully)).toBe('success');
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
}

describe('My Account', () => {
  it('shows the admin their joined-on date, counts, names and email', async () => {
    page = await newPage(browser);
    await signInAs(page, account);
    await openAccount(page, account.username);
    const me = await apiGet<AdminMe>(page, '/admin/me');

    const joined = new Date(me.profile.createdAt);
    const day = `${String(joined.getDate()).padStart(2, '0')}/${String(joined.getMonth() + 1).padStart(2, '0')}/${joined.getFullYear()}`;
    await page.getByText(`Joined on ${day}`).waitFor();
    for (const [label, key] of [
      ['Cafes', 'cafes'],
      ['Friends', 'friends'],
      ['Jobs', 'jobs'],
      ['Rentals', 'rentals'],
      ['Shops', 'shops'],
    ] as const) {
      const card = page.getByRole('main').getByText(label, { exact: true }).locator('..');
      // What the admin owns leaves deleted items out, and says so; friends are not items.
      const note = key === 'friends' ? '' : 'not counting deleted';
      expect(await card.textContent(), label).toBe(`${label}${me.counts[key]}${note}`);
    }
    expect(await page.getByRole('heading', { name: ORIGINAL_FULL_NAME }).count()).toBe(1);
    expect(await page.getByText(`@${account.username}`).count()).toBe(1);
    expect(await field(page, 'Full Name').inputValue()).toBe(ORIGINAL_FULL_NAME);
    expect(await field(page, 'Username').inputValue()).toBe(account.username);
    expect(await field(page, 'Email').inputValue()).toBe(account.email);
    // View mode: nothing is editable.
    for (const label of ['Full Name', 'Username', 'Email'] as const) {
      expect(await field(page, label).isEditable(), label).toBe(false);
    }
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe(
      '/change-password',
    );
    await screenshot(page, 'account');
  });

  it('edits the name, username and avatar, and Cancel leaves edit mode without saving', async () => {
    page = await newPage(browser);
    await signInAs(page, account);
    await openAccount(page, account.username);

    // Cancel: back to view mode with the saved values.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await field(page, 'Full Name').isEditable()).toBe(true);
    expect(await field(page, 'Email').isEditable()).toBe(false);
    await field(page, 'Full Name').fill('Not Saved');
    await page.getByRole('button', { name: 'Choose Avatar' }).waitFor();
    await screenshot(page, 'account-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await field(page, 'Full Name').inputValue()).toBe(ORIGINAL_FULL_NAME);
    expect(await field(page, 'Full Name').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Choose Avatar' }).count()).toBe(0);

    // Save: new names and an avatar.
    const newUsername = 'e2eadmin.renamed';
    await saveProfile(page, 'Erin Renamed', newUsername, await makeAvatar());
    await page.getByRole('heading', { name: 'Erin Renamed' }).waitFor();
    expect(await field(page, 'Full Name').inputValue()).toBe('Erin Renamed');
    expect(await field(page, 'Username').inputValue()).toBe(newUsername);

    // The header follows: new username and the uploaded avatar, loaded.
    const headerLink = page.getByRole('link', { name: `My account: ${newUsername}` });
    await headerLink.waitFor();
    expect(await headerLink.textContent()).toContain(newUsername);
    expect(await loadedImageWidth(headerLink.locator('img'))).toBeGreaterThan(0);
    expect(
      await loadedImageWidth(page.getByRole('img', { name: `${newUsername}'s avatar` })),
    ).toBeGreaterThan(0);
    await screenshot(page, 'account-saved');

    // It is stored: a reload shows the same.
    await page.reload();
    await page.getByRole('heading', { name: 'Erin Renamed' }).waitFor();
    expect(
      await loadedImageWidth(page.getByRole('img', { name: `${newUsername}'s avatar` })),
    ).toBeGreaterThan(0);

    // Put the names back for any other test that looks for them.
    await saveProfile(page, ORIGINAL_FULL_NAME, account.username);
    await page.getByRole('link', { name: `My account: ${account.username}` }).waitFor();
    expect(await field(page, 'Full Name').inputValue()).toBe(ORIGINAL_FULL_NAME);
  });

  it('requires the full name and username', async () => {
    page = await newPage(browser);
    await signInAs(page, account);
    await openAccount(page, account.username);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await field(page, 'Full Name').fill('');
    await field(page, 'Username').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(MESSAGES.fullNameRequired).waitFor();
    await page.getByText(MESSAGES.usernameRequired).waitFor();
    await screenshot(page, 'account-required');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await field(page, 'Username').inputValue()).toBe(account.username);
  });
});
