import { STORAGE_KEYS } from '@roam/contract/auth';
import type { jobSchema } from '@roam/contract/entities';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { rowOf } from '../../test/rows';
import { onWideScreen } from '../../test/wide-screen';

type Job = z.infer<typeof jobSchema>;

const BARISTA: Job = {
  _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c61',
  userId: null,
  company: 'Bean There',
  position: 'Barista',
  logo: null,
  status: 'ACTIVE',
  job_type: 'Part-time',
  country: 'Portugal',
  cityID: null,
  salary: 1250.5,
  salary_type: 'per month',
  currency: 'USD',
  description: '',
  qualification: '',
  question1: null,
  question2: null,
  question3: null,
  question4: null,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
};

/** Every header cell's text: a sortable one is a button (its hidden label says Sort by). */
const headerCells = () => [...document.querySelectorAll('thead th')];

describe('Job list', () => {
  let restoreScreen: () => void;

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    restoreScreen = onWideScreen();
  });
  afterEach(() => restoreScreen());

  it('links the position to the job and shows the salary with its period', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin' })),
      'GET /admin/city': () =>
        jsonResponse(200, { cities: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
      'GET /admin/job': () =>
        jsonResponse(200, { jobs: [BARISTA], searchcount: 1, active: 1, inactive: 0, deleted: 0 }),
    });
    renderApp('/jobs');

    const link = await screen.findByRole('link', { name: 'Barista' }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', `/jobs/${BARISTA._id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Jobs Management' })).toBeInTheDocument();
    // The city filter: its stand-in until it is pressed.
    expect(screen.getByRole('button', { name: 'City' })).toHaveTextContent('All cities');
    const headers = headerCells()
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      '#',
      'Sort by Position',
      'Company',
      'Job Type',
      'Salary',
      'Country',
      'Sort by Status',
      'Actions',
    ]);
    const row = within(rowOf(link));
    expect(row.getByText('Bean There')).toBeInTheDocument();
    expect(row.getByText('Part-time')).toBeInTheDocument();
    expect(row.getByText('$1,250.50 per month')).toBeInTheDocument();
    expect(row.getByText('Portugal')).toBeInTheDocument();
  });
});
