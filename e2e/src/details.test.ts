import type { GroupDetail, ProfileData, ReviewsResponse } from '@roam/contract/details';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  apiGet,
  loadedImageWidth,
  screenshot,
  seriousViolations,
  signInByApi,
  usePages,
  waitForPath,
  waitForToast,
} from './browser';

/**
 * The detail screens, driven as an admin would: a rental's tabs and photos, a job's applications,
 * a cafe, a shop, a thing to do, a user's profile (and its status change) and a group's members.
 * Items are chosen through the API for what each test needs, and every value is read before it is
 * checked: other files share the server's data.
 */
let page: Page;
const openPage = usePages();

type Rental = {
  _id: string;
  name: string;
  status: string;
  images: string[];
  guests: number;
  amenities: string[];
  checkin: string;
  checkout: string;
  propertytype: string;
  bed_details: { bed_type: string; count: number }[];
  common_space_bed_details: { bed_type: string; count: number }[];
  payment_details: { currency: string; IFSC: string };
  pincode: string;
  cityName: string;
};
type RentalApplication = { _id: string; name: string; guests: number; application_status: string };
type Job = {
  _id: string;
  position: string;
  company: string;
  status: string;
  question1: string | null;
  question2: string | null;
  question3: string | null;
  question4: string | null;
};
type JobApplication = Record<'answer1' | 'answer2' | 'answer3' | 'answer4', string | null> & { _id: string };
type Cafe = { _id: string; name: string; status: string; menu: string[]; photos: string[]; pincode: string };
type Shop = {
  _id: string;
  name: string;
  status: string;
  markets: string[];
  photos: string[];
  imageurl: string[];
  contact: string;
};
type Explore = { _id: string; title: string; status: string; city: string; imageurl: string[] };
type Group = GroupDetail['groupinfo'];
type Member = GroupDetail['members'][number];

const ANSWER_KEYS = ['answer1', 'answer2', 'answer3', 'answer4'] as const;
/** SPEC §2: an answer longer than this gets an expand control. */
const ANSWER_PREVIEW = 8;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A seeded user no other file touches: its status is changed and changed back here. */
const STATUS_USER = 'U0000003';
/** A seeded showcase user who owns several of everything (read only here). */
const SHOWCASE_USER = 'U0000001';

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The value shown under a label of a detail's field grid (a dt followed by its dd). */
function fieldValue(scope: Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Opens a tab of a detail page and returns its panel (the one shown). The panel should be named by
 * its tab; that is checked softly, so one unnamed panel does not hide what the others show.
 */
async function openTab(page: Page, label: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const panel = page.getByRole('tabpanel');
  await panel.waitFor();
  expect
    .soft(await page.getByRole('tabpanel', { name: label, exact: true }).count(), `panel named ${label}`)
    .toBe(1);
  return panel;
}

/** The body rows of a table (the header row left out). */
const bodyRows = (table: Locator): Locator => table.locator('tbody tr');

/** The text of the first cell of every body row: the row numbers. */
const rowNumbers = (table: Locator): Promise<string[]> =>
  bodyRows(table).locator('td:first-child').allTextContents();

/** No part of the page reaches past the viewport's width (no sideways scrolling of the page). */
const pageOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An element's opacity as drawn: its own times every ancestor's. */
const drawnOpacity = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

/** DD/MM/YYYY (the start of what a table shows) to a comparable YYYY-MM-DD. */
const isoOf = (shown: string) => shown.slice(0, 10).split('/').reverse().join('-');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Text as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tabs of a detail page (the carousel's indicators are tabs too, in their own list). */
const detailTabs = (page: Page): Locator =>
  page.getByRole('tablist', { name: / sections$/ }).getByRole('tab');

/** Picks a day in a date input's calendar, going through the decade and year levels. */
async function pickDate(page: Page, field: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const monthName = MONTHS[month - 1]!;
  const monthShort = monthName.slice(0, 3);
  await page.getByRole('button', { name: field, exact: true }).click();
  // Month level -> year level -> decade level, then down again.
  await page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).click();
  await page.getByRole('button', { name: /^\d{4}$/ }).click();
  await page.getByRole('button', { name: String(year), exact: true }).click();
  await page.getByRole('button', { name: monthShort, exact: true }).click();
  await page.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true }).click();
}

async function rentalWithPhotosAndApplications(page: Page) {
  const { rentals } = await apiGet<{ rentals: Rental[] }>(page, '/admin/rental?limit=20');
  for (const rental of rentals) {
    const isNameUnique = rentals.filter((other) => other.name === rental.name).length === 1;
    if (rental.images.length < 2 || !isNameUnique) continue;
    const { applications } = await apiGet<{ applications: RentalApplication[] }>(
      page,
      `/admin/rental/applicants/${rental._id}?status=All&skip=0&limit=30`,
    );
    if (applications.length >= 2) return { rental, applications };
  }
  throw new Error('no rental on the first page with 2 photos and 2 applications');
}

describe('rental detail', () => {
  it('opens from the rental list and walks every tab', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { rental, applications } = await rentalWithPhotosAndApplications(page);
    const reviews = await apiGet<ReviewsResponse>(page, `/admin/rental/review?itemID=${rental._id}`);

    // As a person would: from the list, by the rental's name.
    await page.goto('/rental');
    await heading1(page, 'Rental').waitFor();
    await page.getByRole('link', { name: rental.name, exact: true }).click();
    await waitForPath(page, `/rentaldetail/${rental._id}`);
    await heading1(page, rental.name).waitFor();
    await page.getByText(rental.status, { exact: true }).first().waitFor();
    const summary = page.getByRole('group', { name: 'Summary' });
    expect(await summary.textContent()).toContain(`${rental.guests} guest`);
    expect(await detailTabs(page).allTextContents()).toEqual([
      'Description',
      'Booking Details',
      'Property Details',
      'Payment Details',
      'Review',
      'Contact',
      'Applications',
    ]);
    // The first photo is really there, 450 px high. At this width the carousel takes the standing
    // photo's place as soon as its code is here, so the photo may be between the two when measured.
    const firstPhoto = page.getByRole('img', { name: `${rental.name} 1`, exact: true });
    expect(await loadedImageWidth(firstPhoto)).toBeGreaterThan(0);
    await expect.poll(async () => Math.round((await firstPhoto.boundingBox())?.height ?? 0)).toBe(450);

    // Description: the sections and the amenities as tags.
    let panel = page.getByRole('tabpanel', { name: 'Description' });
    for (const section of [
      'Description',
      'Amenities',
      'Safety Amenities',
      'House Rules',
      'Common Spaces',
      'Terms',
    ]) {
      await panel.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    expect(
      await panel.getByRole('list', { name: 'Amenities', exact: true }).getByRole('listitem').count(),
    ).toBe(rental.amenities.length);
    await screenshot(page, 'detail-rental');

    panel = await openTab(page, 'Booking Details');
    expect(await fieldValue(panel, 'Check in').textContent()).toBe(rental.checkin);
    expect(await fieldValue(panel, 'Check out').textContent()).toBe(rental.checkout);

    panel = await openTab(page, 'Property Details');
    expect(await fieldValue(panel, 'Property type').textContent()).toBe(rental.propertytype);
    // Bed counts: only those above 0.
    const beds = rental.bed_details
      .filter((bed) => bed.count > 0)
      .map((bed) => `${bed.bed_type}: ${bed.count}`);
    if (beds.length > 0) {
      expect(
        await panel.getByRole('list', { name: 'Bed details' }).getByRole('listitem').allTextContents(),
      ).toEqual(beds);
    }
    if (rental.common_space_bed_details.every((bed) => bed.count === 0)) {
      expect(await fieldValue(panel, 'Common space bed details').textContent()).toBe('Not available');
    }
    await screenshot(page, 'detail-rental-property');

    panel = await openTab(page, 'Payment Details');
    expect(await fieldValue(panel, 'IFSC').textContent()).toBe(rental.payment_details.IFSC);
    expect(await fieldValue(panel, 'Currency').textContent()).toBe(rental.payment_details.currency);

    panel = await openTab(page, 'Review');
    await panel.getByRole('heading', { name: 'Guest Requirements' }).waitFor();
    if (reviews.reviews.length === 0) {
      await panel.getByText('No Reviews Found').waitFor();
    } else {
      await panel.getByRole('list', { name: 'Reviews' }).waitFor();
      expect(await panel.getByRole('list', { name: 'Reviews' }).getByRole('listitem').count()).toBe(
        reviews.reviews.length,
      );
    }
    if (reviews.rating.total_rating > 0) {
      await panel.getByText(reviews.rating.avgrating.toFixed(2)).first().waitFor();
      expect(await panel.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem').count()).toBe(
        5,
      );
    }
    await screenshot(page, 'detail-rental-review');

    panel = await openTab(page, 'Contact');
    expect(await fieldValue(panel, 'Pincode').textContent()).toBe(rental.pincode);
    expect(await fieldValue(panel, 'City').textContent()).toBe(rental.cityName);

    // Applications: numbered from 1, in the API's order.
    panel = await openTab(page, 'Applications');
    const table = panel.getByRole('table');
    await bodyRows(table).first().waitFor();
    const shown = Math.min(20, applications.length);
    expect(await rowNumbers(table)).toEqual(Array.from({ length: shown }, (_, index) => String(index + 1)));
    expect(await bodyRows(table).locator('td:nth-child(2)').allTextContents()).toEqual(
      applications.slice(0, shown).map((application) => application.name),
    );
    await panel.getByText(applications[0]!.application_status, { exact: true }).first().waitFor();
    await screenshot(page, 'detail-rental-applications');

    // Back returns to the list the rental was opened from.
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForPath(page, '/rental');
  });

  it('has no serious or critical accessibility violations', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { rental } = await rentalWithPhotosAndApplications(page);
    await page.goto(`/rentaldetail/${rental._id}`);
    await heading1(page, rental.name).waitFor();
    expect(await seriousViolations(page), 'description tab').toEqual([]);
    await openTab(page, 'Review');
    expect(await seriousViolations(page), 'review tab').toEqual([]);
    const panel = await openTab(page, 'Applications');
    await panel.getByRole('table').waitFor();
    expect(await seriousViolations(page), 'applications tab').toEqual([]);
  });

  it('shows a not-found state for an unknown id', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto(`/rentaldetail/${UNKNOWN_ID}`);
    await heading1(page, 'Not found').waitFor();
    await page.getByText('This rental does not exist, or its link is wrong.').waitFor();
    await screenshot(page, 'detail-rental-not-found');
    await page.getByRole('link', { name: 'Back to Rental' }).click();
    await waitForPath(page, '/rental');

    await page.goto(`/jobs/${UNKNOWN_ID}`);
    await heading1(page, 'Not found').waitFor();
    await page.goto('/userdetail/U9999999');
    await page.getByText('User not found').waitFor();
    await page.goto('/groupdetail/G9999999');
    await page.getByText('Group not found').waitFor();
  });
});

describe('detail header: actions, breadcrumb and the open tab', () => {
  /** An ACTIVE rental whose name no other rental on the first page has. */
  async function activeRental(page: Page): Promise<Rental> {
    const { rentals } = await apiGet<{ rentals: Rental[] }>(page, '/admin/rental?status=ACTIVE&limit=20');
    const rental = rentals.find((each) => rentals.filter((other) => other.name === each.name).length === 1);
    if (!rental) throw new Error('no active rental with a unique name');
    return rental;
  }

  it('inactivates a rental from its page, shows the new status, and activates it again', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const rental = await activeRental(page);
    await page.goto(`/rentaldetail/${rental._id}`);
    await heading1(page, rental.name).waitFor();
    expect(await page.title()).toBe(`${rental.name} · Rental · Roam Admin`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await trail.getByRole('link', { name: 'Rental' }).getAttribute('href')).toBe('/rental');
    const actions = page.getByRole('group', { name: `Actions for ${rental.name}` });
    await screenshot(page, 'detail-header-1280', { fullPage: false });

    await actions.getByRole('button', { name: 'Inactivate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to Inactivate this rental ?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, Inactivate' }).click();
    expect(await waitForToast(page, 'Rental inactivated')).toBe('success');
    await page.getByText('INACTIVE', { exact: true }).waitFor();
    await actions.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Activate' }).click();
    expect(await waitForToast(page, 'Rental activated')).toBe('success');
    await page.getByText('ACTIVE', { exact: true }).waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'detail-header-375', { fullPage: false });
  });

  it('keeps the open tab through a reload', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const rental = await activeRental(page);
    await page.goto(`/rentaldetail/${rental._id}`);
    await heading1(page, rental.name).waitFor();
    await openTab(page, 'Booking Details');
    await page.waitForURL(/[?&]tab=booking-details/);
    await page.reload();
    const tab = page.getByRole('tab', { name: 'Booking Details', exact: true });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('image carousel', () => {
  it('shows arrows and indicators above 768 px, turns by itself, and hides them on a phone', async () => {
    page = await openPage(1280, 900);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { rental } = await rentalWithPhotosAndApplications(page);
    const count = rental.images.length;
    // Away from the photos: the pointer on them pauses the turning.
    await page.mouse.move(0, 0);
    await page.goto(`/rentaldetail/${rental._id}`);
    const carousel = page.getByRole('region', { name: `Photos of ${rental.name}` });
    await carousel.waitFor();
    const next = carousel.getByRole('button', { name: 'Next slide' });
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const indicators = carousel.getByRole('tab', { name: /^Go to slide \d+$/ });
    const selected = () =>
      carousel.getByRole('tab', { selected: true }).getAttribute('aria-label', { timeout: 5_000 });
    await next.waitFor();
    await previous.waitFor();
    expect(await indicators.count()).toBe(count);
    expect(await selected()).toBe('Go to slide 1');
    expect(await carousel.getByRole('group').count()).toBe(count);

    // It turns by itself every 5 s.
    await expect.poll(selected, { timeout: 12_000, interval: 500 }).toBe('Go to slide 2');
    await screenshot(page, 'detail-carousel-1280', { fullPage: false });

    // The arrows and indicators move it; it loops.
    await carousel.hover();
    await carousel.getByRole('tab', { name: 'Go to slide 1', exact: true }).click();
    await expect.poll(selected).toBe('Go to slide 1');
    await previous.click();
    await expect.poll(selected).toBe(`Go to slide ${count}`);
    await next.click();
    await expect.poll(selected).toBe('Go to slide 1');
    await next.click();
    await expect.poll(selected).toBe('Go to slide 2');

    // At exactly 768 px there are no controls; one pixel wider, they are back.
    await page.setViewportSize({ width: 768, height: 900 });
    await expect.poll(() => next.count()).toBe(0);
    expect(await indicators.count()).toBe(0);
    await page.setViewportSize({ width: 769, height: 900 });
    await next.waitFor();
    expect(await indicators.count()).toBe(count);
  });

  it('on a phone (375 px): the photos without arrows or indicators, nothing wider than the screen', async () => {
    page = await openPage(375, 800);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { rental } = await rentalWithPhotosAndApplications(page);
    await page.goto(`/rentaldetail/${rental._id}`);
    await heading1(page, rental.name).waitFor();
    const carousel = page.getByRole('region', { name: `Photos of ${rental.name}` });
    await carousel.waitFor();
    expect(
      await loadedImageWidth(carousel.getByRole('img', { name: `${rental.name} 1`, exact: true })),
    ).toBeGreaterThan(0);
    // The height follows the width (about 16:9) instead of 450 px: a wide photo is not cut to a sliver.
    const photoHeight = (await carousel
      .getByRole('img', { name: `${rental.name} 1`, exact: true })
      .boundingBox())!.height;
    expect(photoHeight).toBeLessThan(260);
    expect(photoHeight).toBeGreaterThan(150);
    expect(await carousel.getByRole('button', { name: /slide$/ }).count()).toBe(0);
    expect(await carousel.getByRole('tab').count()).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'detail-rental-375');
    // It turns by itself on a phone too: the carousel takes over as its first turn is due.
    const left = async (name: string) =>
      (await carousel.getByRole('img', { name, exact: true }).boundingBox())?.x;
    const carouselLeft = (await carousel.boundingBox())!.x;
    await expect
      .poll(async () => Math.abs(((await left(`${rental.name} 2`)) ?? -1000) - carouselLeft), {
        timeout: 12_000,
        interval: 250,
      })
      .toBeLessThan(2);
    await screenshot(page, 'detail-rental-375-turned', { fullPage: false });
    await openTab(page, 'Applications');
    // Below 768 px each application is a card.
    await page
      .getByRole('tabpanel', { name: 'Applications' })
      .getByRole('list', { name: 'Applications' })
      .waitFor();
    await screenshot(page, 'detail-rental-applications-375');
  });

  it('shows a single photo without controls', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { shops } = await apiGet<{ shops: Shop[] }>(page, '/admin/shop?limit=20');
    const shop = shops.find((candidate) => candidate.photos.length === 1);
    expect(shop, 'a shop with one photo').toBeDefined();
    await page.goto(`/shopdetail/${shop!._id}`);
    await heading1(page, shop!.name).waitFor();
    expect(
      await loadedImageWidth(page.getByRole('img', { name: `${shop!.name} 1`, exact: true })),
    ).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /slide$/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: /^Photos of / }).count()).toBe(0);
    // Its route's loader asked for the photo with the shop's answer, before the page had rendered it.
    const shown = await page.getByRole('img', { name: `${shop!.name} 1`, exact: true }).getAttribute('src');
    const preloaded = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toEqual([shown]);
  });
});

describe('job detail', () => {
  it("shows the questions and an application's long answer, expanded and folded again", async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { jobs } = await apiGet<{ jobs: Job[] }>(page, '/admin/job?limit=20');
    let found: { job: Job; applications: JobApplication[]; row: number; answer: number } | undefined;
    for (const job of jobs) {
      const { applications } = await apiGet<{ applications: JobApplication[] }>(
        page,
        `/admin/jobApplicants/${job._id}?status=All`,
      );
      const row = applications
        .slice(0, 20)
        .findIndex((application) =>
          ANSWER_KEYS.some((key) => (application[key]?.length ?? 0) > ANSWER_PREVIEW),
        );
      if (row < 0) continue;
      const answer = ANSWER_KEYS.findIndex((key) => (applications[row]![key]?.length ?? 0) > ANSWER_PREVIEW);
      found = { job, applications, row, answer };
      break;
    }
    expect(found, 'a job with an answer longer than 8 characters').toBeDefined();
    const { job, applications, row, answer } = found!;
    const text = applications[row]![ANSWER_KEYS[answer]!]!;

    await page.goto(`/jobs/${job._id}`);
    await heading1(page, job.position).waitFor();
    await page.getByText(job.company, { exact: true }).first().waitFor();
    expect(await detailTabs(page).allTextContents()).toEqual(['Description', 'Questions', 'Applications']);
    await screenshot(page, 'detail-job');

    const questions = [job.question1, job.question2, job.question3, job.question4];
    let panel = await openTab(page, 'Questions');
    if (questions.every((question) => !question?.trim())) {
      await panel.getByText('No Questions Found').waitFor();
    } else {
      const first = questions.findIndex((question) => question?.trim());
      expect(await fieldValue(panel, `Question ${first + 1}`).textContent()).toBe(questions[first]!.trim());
    }

    panel = await openTab(page, 'Applications');
    const table = panel.getByRole('table');
    await bodyRows(table).first().waitFor();
    const shown = Math.min(20, applications.length);
    expect(await rowNumbers(table)).toEqual(Array.from({ length: shown }, (_, index) => String(index + 1)));
    await screenshot(page, 'detail-job-applications');
    // Columns: #, Resume, Answer 1..4, Created at, Status.
    const cell = bodyRows(table)
      .nth(row)
      .locator(`td:nth-child(${3 + answer})`);
    expect(await cell.textContent()).toContain(`${text.slice(0, ANSWER_PREVIEW)}…`);
    expect(await cell.textContent()).not.toContain(text);
    const more = cell.getByRole('button', { name: 'Show more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    const less = cell.getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await cell.textContent()).toContain(text);
    await screenshot(page, 'detail-job-answer-expanded');
    await less.click();
    await cell.getByRole('button', { name: 'Show more' }).waitFor();
    expect(await cell.textContent()).not.toContain(text);

    // A short answer is shown whole, with no control.
    const short = applications.slice(0, shown).flatMap((application, index) =>
      ANSWER_KEYS.flatMap((key, column) => {
        const value = application[key];
        return value && value.length <= ANSWER_PREVIEW ? [{ index, column, value }] : [];
      }),
    )[0];
    if (short) {
      const shortCell = bodyRows(table)
        .nth(short.index)
        .locator(`td:nth-child(${3 + short.column})`);
      expect(await shortCell.textContent()).toBe(short.value);
      expect(await shortCell.getByRole('button').count()).toBe(0);
    }
  });

  it('says when a job has no questions', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { jobs } = await apiGet<{ jobs: Job[] }>(page, '/admin/job?limit=20');
    const job = jobs.find((candidate) =>
      [candidate.question1, candidate.question2, candidate.question3, candidate.question4].every(
        (question) => !question?.trim(),
      ),
    );
    expect(job, 'a job without questions').toBeDefined();
    await page.goto(`/jobs/${job!._id}`);
    await heading1(page, job!.position).waitFor();
    const panel = await openTab(page, 'Questions');
    await panel.getByText('No Questions Found').waitFor();
  });
});

describe('cafe, shop and things to do details', () => {
  it('shows a cafe with its menu, reviews and contact, and a cafe without a menu', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { cafes } = await apiGet<{ cafes: Cafe[] }>(page, '/admin/cafe?limit=20');
    const cafe = cafes.find((candidate) => candidate.menu.length > 0 && candidate.photos.length > 1);
    expect(cafe, 'a cafe with a menu and photos').toBeDefined();
    await page.goto(`/cafedetail/${cafe!._id}`);
    await heading1(page, cafe!.name).waitFor();
    expect(await detailTabs(page).allTextContents()).toEqual(['Description', 'Menu', 'Review', 'Contact']);
    await page.getByRole('region', { name: `Photos of ${cafe!.name}` }).waitFor();
    // Opened directly, the kit's components keep their own rules over the base ones (the entry's
    // stylesheet comes first in the page): a tab has its padding, the carousel's arrow its circle.
    const tabPadding = await detailTabs(page)
      .first()
      .evaluate((tab) => Number.parseFloat(getComputedStyle(tab).paddingLeft));
    expect(tabPadding).toBeGreaterThan(0);
    const arrowSize = await page
      .getByRole('button', { name: 'Next slide' })
      .evaluate((arrow) => arrow.getBoundingClientRect().width)
      .catch(() => undefined);
    if (arrowSize !== undefined) expect(arrowSize).toBeGreaterThan(20);
    await screenshot(page, 'detail-cafe');

    let panel = await openTab(page, 'Menu');
    const menu = panel.getByRole('img', { name: new RegExp(`^${literal(cafe!.name)} menu \\d+$`) });
    await expect.poll(() => menu.count()).toBe(cafe!.menu.length);
    expect(await loadedImageWidth(menu.first())).toBeGreaterThan(0);
    await screenshot(page, 'detail-cafe-menu');

    panel = await openTab(page, 'Review');
    await panel
      .getByText(/No Reviews Found|out of 5/)
      .first()
      .waitFor();
    panel = await openTab(page, 'Contact');
    expect(await fieldValue(panel, 'Pincode').textContent()).toBe(cafe!.pincode);

    const withoutMenu = cafes.find((candidate) => candidate.menu.length === 0);
    if (withoutMenu) {
      await page.goto(`/cafedetail/${withoutMenu._id}`);
      await heading1(page, withoutMenu.name).waitFor();
      panel = await openTab(page, 'Menu');
      await panel.getByText('Menu Not Found').waitFor();
    }
  });

  it('shows a shop with its markets, reviews and contact', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { shops } = await apiGet<{ shops: Shop[] }>(page, '/admin/shop?limit=20');
    const shop = shops.find((candidate) => candidate.photos.length > 1 && candidate.markets.length > 0);
    expect(shop, 'a shop with photos and markets').toBeDefined();
    await page.goto(`/shopdetail/${shop!._id}`);
    await heading1(page, shop!.name).waitFor();
    expect(await detailTabs(page).allTextContents()).toEqual(['Description', 'Review', 'Contact']);
    const panel = page.getByRole('tabpanel', { name: 'Description' });
    expect(
      await panel.getByRole('list', { name: 'Markets' }).getByRole('listitem').allTextContents(),
    ).toEqual(shop!.markets);
    await screenshot(page, 'detail-shop');
    await openTab(page, 'Review');
    const contact = await openTab(page, 'Contact');
    expect(await fieldValue(contact, 'Contact').textContent()).toBe(shop!.contact);
  });

  it('shows a thing to do with its photos, city and body', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { explores } = await apiGet<{ explores: Explore[] }>(page, '/admin/explore?limit=20&status=ACTIVE');
    const explore = explores.find((candidate) => candidate.imageurl.length > 1);
    expect(explore, 'a thing to do with photos').toBeDefined();
    await page.goto(`/exploredetail/${explore!._id}`);
    await heading1(page, explore!.title).waitFor();
    await page.getByRole('region', { name: `Photos of ${explore!.title}` }).waitFor();
    await page.getByText('ACTIVE', { exact: true }).first().waitFor();
    expect(await fieldValue(page.getByRole('main'), 'City').textContent()).toBe(explore!.city);
    await page.getByRole('heading', { name: 'Body', exact: true }).waitFor();
    await screenshot(page, 'detail-explore');
  });
});

describe('the detail pages without zod', () => {
  it("show an item's page, a user's profile and a group with zod refused: their answers are read by shape", async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { cafes } = await apiGet<{ cafes: Cafe[] }>(page, '/admin/cafe?limit=1');
    const { explores } = await apiGet<{ explores: Explore[] }>(page, '/admin/explore?limit=1');
    const { rentals } = await apiGet<{ rentals: Rental[] }>(page, '/admin/rental?limit=1');
    const { profile } = await apiGet<ProfileData>(page, `/admin/users/profile/data?uid=${SHOWCASE_USER}`);
    const { groups } = await apiGet<{ groups: Group[] }>(page, '/admin/group?limit=1');
    const pages = [
      { path: `/cafedetail/${cafes[0]!._id}`, title: cafes[0]!.name },
      // Its body is rich text, a shape that contains itself.
      { path: `/exploredetail/${explores[0]!._id}`, title: explores[0]!.title },
      { path: `/rentaldetail/${rentals[0]!._id}`, title: rentals[0]!.name },
      {
        path: `/userdetail/${SHOWCASE_USER}`,
        title: [profile.fullname, profile.lastname].filter(Boolean).join(' ') || profile.username,
      },
      { path: `/groupdetail/${groups[0]!.statusID}`, title: groups[0]!.statusText },
    ];

    // zod's files are refused from here on (routing also keeps the cache from answering for them).
    await page.route(/\/assets\/zod-(members-)?[\w-]{8}\.js$/, (route) => route.abort());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const { path, title } of pages) {
      // Each opened as a page of its own (a new document: nothing of zod loaded).
      await page.goto(path);
      await heading1(page, title)
        .waitFor()
        .catch(async (error) => {
          await screenshot(page, 'detail-without-zod-failed');
          throw new Error(`${path}: ${errors.join('; ')} ${error}`);
        });
    }
    expect(errors).toEqual([]);
  });

  it('ask for zod only once their first render has committed', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const { cafes } = await apiGet<{ cafes: Cafe[] }>(page, '/admin/cafe?limit=1');
    // When the page's heading is first in the document: its first render's commit.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('main h1')) return;
        document.documentElement.dataset.committedAt = String(performance.now());
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    // A new document, rendered in slices: the browser is idle between them, before the page shows.
    await page.goto(`/cafedetail/${cafes[0]!._id}`);
    await heading1(page, cafes[0]!.name).waitFor();
    const zodAsked = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .find((entry) => /\/assets\/zod-members-[\w-]{8}\.js$/.test(entry.name))?.startTime,
      );
    await expect.poll(zodAsked, { timeout: 10_000 }).toBeDefined();
    const committedAt = Number(await page.evaluate(() => document.documentElement.dataset.committedAt));
    expect(committedAt).toBeGreaterThan(0);
    expect(await zodAsked()).toBeGreaterThan(committedAt);
  });
});

/** The count a tile of the user profile shows. */
async function tileValue(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole('main')
    .locator('p', { hasText: new RegExp(`^${label}$`) })
    .locator('..')
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

const PREVIEWS = [
  { title: 'Cafe', key: 'cafes', path: 'user-cafe', listTitle: 'Users cafe' },
  { title: 'Groups', key: 'groups', path: 'user-groups', listTitle: 'Users Groups' },
  { title: 'Rentals', key: 'rentals', path: 'user-rentals', listTitle: 'Users Rental' },
  { title: 'Jobs', key: 'jobs', path: 'user-jobs', listTitle: 'Users Jobs Management' },
  { title: 'Shops', key: 'shops', path: 'user-shops', listTitle: 'Users Shop' },
] as const;

describe('user profile', () => {
  it("shows the count tiles, five numbered previews and View All from 5 on, and opens a user's list", async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const data = await apiGet<ProfileData>(page, `/admin/users/profile/data?uid=${SHOWCASE_USER}`);
    const { profile } = data;

    // From the user list, by the username.
    await page.goto(`/user?q=${encodeURIComponent(profile.username)}`);
    await heading1(page, 'Users').waitFor();
    await page.getByRole('link', { name: profile.username, exact: true }).click();
    await waitForPath(page, `/userdetail/${SHOWCASE_USER}`);
    // The page names the person.
    await heading1(
      page,
      [profile.fullname, profile.lastname].filter(Boolean).join(' ') || profile.username,
    ).waitFor();
    await page.getByRole('group', { name: 'Status' }).getByText(profile.status, { exact: true }).waitFor();
    const main = page.getByRole('main');
    expect(await fieldValue(main, 'Username').textContent()).toBe(profile.username);
    expect(await fieldValue(main, 'User ID').textContent()).toBe(SHOWCASE_USER);
    expect(await fieldValue(main, 'Email').textContent()).toBe(
      profile.email.length > 40 ? `${profile.email.slice(0, 40)}…` : profile.email,
    );
    expect(await main.getByText(/^\d+ Friends$/).textContent()).toBe(`${data.friendscount ?? 0} Friends`);

    // Four count tiles.
    expect(await tileValue(page, 'Cafes')).toBe(data.cafescount);
    expect(await tileValue(page, 'Jobs')).toBe(data.jobscount);
    expect(await tileValue(page, 'Rentals')).toBe(data.rentalscount);
    expect(await tileValue(page, 'Shops')).toBe(data.shopscount);

    // Five previews, numbered from 1, with View All only from 5 on.
    for (const preview of PREVIEWS) {
      const section = main.getByRole('region', { name: preview.title, exact: true });
      const rows = data[preview.key];
      const total = data[`${preview.key}count`];
      if (rows.length === 0) {
        await section.getByText('No data available').waitFor();
      } else {
        const table = section.getByRole('table');
        expect(await rowNumbers(table), preview.title).toEqual(rows.map((_, index) => String(index + 1)));
      }
      const viewAll = section.getByRole('link', { name: `View All ${preview.title}` });
      if (total >= 5) {
        expect(await viewAll.getAttribute('href'), preview.title).toBe(`/${preview.path}/${SHOWCASE_USER}`);
      } else {
        expect(await viewAll.count(), preview.title).toBe(0);
      }
    }
    // The first cafe's name opens its detail.
    const cafeRegion = main.getByRole('region', { name: 'Cafe', exact: true });
    if (data.cafes.length > 0) {
      expect(
        await cafeRegion.getByRole('link', { name: data.cafes[0]!.name, exact: true }).getAttribute('href'),
      ).toBe(`/cafedetail/${data.cafes[0]!._id}`);
    }
    await screenshot(page, 'detail-user-profile');
    expect(await seriousViolations(page)).toEqual([]);

    // View All opens the per-user list.
    const open = PREVIEWS.find((preview) => data[`${preview.key}count`] >= 5);
    expect(open, 'a preview with 5 or more').toBeDefined();
    await main.getByRole('link', { name: `View All ${open!.title}` }).click();
    await waitForPath(page, `/${open!.path}/${SHOWCASE_USER}`);
    await heading1(page, open!.listTitle).waitFor();
  });

  it('fits a phone (375 px)', async () => {
    page = await openPage(375, 800);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto(`/userdetail/${SHOWCASE_USER}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Shops', exact: true }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'detail-user-profile-375');
  });

  it('inactivates a user and activates them again, each after a confirmation', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const before = await apiGet<ProfileData>(page, `/admin/users/profile/data?uid=${STATUS_USER}`);
    expect(before.profile.status).toBe('ACTIVE');
    await page.goto(`/userdetail/${STATUS_USER}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const status = page.getByRole('group', { name: 'Status' });
    await status.getByText('ACTIVE', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Inactivate User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to Inactivate this user ?').waitFor();
    await screenshot(page, 'detail-user-confirm-inactivate');
    await dialog.getByRole('button', { name: 'Yes, Inactivate' }).click();
    expect(await waitForToast(page, 'User Deactivated Successfully')).toBe('success');
    await status.getByText('INACTIVE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Activate User' }).waitFor();
    expect(await page.getByRole('button', { name: 'Inactivate User' }).count()).toBe(0);
    expect(
      (await apiGet<ProfileData>(page, `/admin/users/profile/data?uid=${STATUS_USER}`)).profile.status,
    ).toBe('INACTIVE');
    await screenshot(page, 'detail-user-inactive');

    await page.getByRole('button', { name: 'Activate User' }).click();
    await dialog.getByText('Are you sure you want to Activate this user ?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, Activate' }).click();
    expect(await waitForToast(page, 'User Activated Successfully')).toBe('success');
    await status.getByText('ACTIVE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Inactivate User' }).waitFor();
    expect(
      (await apiGet<ProfileData>(page, `/admin/users/profile/data?uid=${STATUS_USER}`)).profile.status,
    ).toBe('ACTIVE');
  });
});

/** The group with the most members on the first page of the group list (with a unique name). */
async function biggestGroup(page: Page): Promise<Group> {
  const { groups } = await apiGet<{ groups: Group[] }>(page, '/admin/group?limit=20');
  const candidates = groups
    .filter(
      (group) =>
        !group.deleted && groups.filter((other) => other.statusText === group.statusText).length === 1,
    )
    .sort((a, b) => b.membersCount - a.membersCount);
  expect(candidates[0]?.membersCount ?? 0, 'a group with several members').toBeGreaterThan(5);
  return candidates[0]!;
}

const membersOf = (page: Page, statusID: string, query = '') =>
  apiGet<GroupDetail>(page, `/admin/group/${statusID}?limit=100${query}`);

describe('group detail', () => {
  it('pages, searches on Enter, removes a member, and filters by a From date', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const group = await biggestGroup(page);
    const all = await membersOf(page, group.statusID);

    // From the group list, by its status text.
    await page.goto('/group');
    await heading1(page, 'Groups').waitFor();
    await page.getByRole('link', { name: group.statusText, exact: true }).click();
    await waitForPath(page, `/groupdetail/${group.statusID}`);
    await heading1(page, group.statusText).waitFor();
    const section = page.getByRole('region', { name: 'Member List' });
    const table = section.getByRole('table', { name: 'Members' });
    const total = section.getByText(/^Total Records Found: \d+$/);
    await bodyRows(table).first().waitFor();
    const pages = Math.ceil(all.searchcount / 20);
    expect(await total.textContent()).toBe(`Total Records Found: ${all.searchcount}`);
    await section.getByText(`Page 1 of ${pages}`).waitFor();
    expect(await bodyRows(table).count()).toBe(Math.min(20, all.searchcount));
    expect((await rowNumbers(table))[0]).toBe('1');
    expect(await bodyRows(table).locator('td:nth-child(2)').allTextContents()).toEqual(
      all.members
        .slice(0, 20)
        .map((member) => member.user?.username || member.user?.fullname || 'Not available'),
    );
    await screenshot(page, 'detail-group');

    // Paging: Next numbers on from 21, Previous goes back.
    if (pages > 1) {
      await section.getByRole('button', { name: 'Next' }).click();
      await section.getByText(`Page 2 of ${pages}`).waitFor();
      await expect.poll(async () => (await rowNumbers(table))[0]).toBe('21');
      await section.getByRole('button', { name: 'Previous' }).click();
      await expect.poll(async () => (await rowNumbers(table))[0]).toBe('1');
    }

    // The row menu shows on hover on a wide screen.
    const member = all.members
      .slice(0, 20)
      .find(
        (candidate: Member) =>
          candidate.user?.username && candidate.status !== 'DELETED' && !candidate.removed,
      );
    expect(member, 'a member who can be removed').toBeDefined();
    const username = member!.user!.username;
    const menuButton = table.getByRole('button', { name: `Actions for ${username}` });
    await page.mouse.move(0, 0);
    await expect.poll(() => drawnOpacity(menuButton)).toBe(0);
    await bodyRows(table)
      .filter({ has: page.getByRole('button', { name: `Actions for ${username}` }) })
      .hover();
    await expect.poll(() => drawnOpacity(menuButton)).toBe(1);

    // Search on Enter, by the username.
    const search = section.getByRole('textbox', { name: 'Search' });
    await search.fill(username);
    await search.press('Enter');
    await page.waitForURL(/q=/);
    const found = await membersOf(page, group.statusID, `&searchphrase=${encodeURIComponent(username)}`);
    await expect.poll(() => total.textContent()).toBe(`Total Records Found: ${found.searchcount}`);
    for (const name of await bodyRows(table).locator('td:nth-child(2)').allTextContents()) {
      expect(name.toLowerCase()).toContain(username.toLowerCase());
    }
    await screenshot(page, 'detail-group-search');

    // Remove Member, asked first; the member then shows DELETED and has no menu.
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Remove Member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to Remove this member ?').waitFor();
    await screenshot(page, 'detail-group-confirm-remove');
    await dialog.getByRole('button', { name: 'Yes, Remove' }).click();
    expect(await waitForToast(page, 'Member removed')).toBe('success');
    const row = bodyRows(table).filter({ has: page.getByRole('link', { name: username, exact: true }) });
    await row.getByText('DELETED', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    const removed = (await membersOf(page, group.statusID)).members.find(
      (other) => other._id === member!._id,
    );
    expect(removed?.status).toBe('DELETED');
    await screenshot(page, 'detail-group-removed');

    // The clear icon resets the search.
    await section.getByRole('button', { name: 'Clear search' }).click();
    const now = await membersOf(page, group.statusID);
    await expect.poll(() => total.textContent()).toBe(`Total Records Found: ${now.searchcount}`);
    expect(await search.inputValue()).toBe('');

    // From: the day the 10th newest member joined; only members since then are left.
    const from = now.members[Math.min(9, now.members.length - 1)]!.createdAt.slice(0, 10);
    await pickDate(page, 'From', from);
    await page.waitForURL(new RegExp(`from=${from}`));
    const since = await membersOf(page, group.statusID, `&from_date=${from}`);
    expect(since.searchcount).toBeLessThan(now.searchcount);
    await expect.poll(() => total.textContent()).toBe(`Total Records Found: ${since.searchcount}`);
    for (const created of await bodyRows(table).locator('td:nth-child(4)').allTextContents()) {
      expect(isoOf(created) >= from, created).toBe(true);
    }
    await screenshot(page, 'detail-group-from-date');
  });

  it('on a phone (375 px) shows the row menu without hovering', async () => {
    page = await openPage(375, 800);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    const group = await biggestGroup(page);
    await page.goto(`/groupdetail/${group.statusID}`);
    await heading1(page, group.statusText).waitFor();
    // Below 768 px each member is a card.
    const cards = page.getByRole('list', { name: 'Members' });
    await cards.getByRole('listitem').first().waitFor();
    const menuButton = cards.getByRole('button', { name: /^Actions for / }).first();
    expect(await drawnOpacity(menuButton)).toBe(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'detail-group-375');
  });
});
