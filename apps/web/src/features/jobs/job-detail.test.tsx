import type { DetailItem } from '@roam/contract/areas';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { onWideScreen } from '../../test/wide-screen';

const JOB_ID = '00000000-0000-4000-8000-0000000000bb';

const job: DetailItem<'jobs'> = {
  _id: JOB_ID,
  userId: null,
  company: 'Harbour Co',
  position: 'Barista',
  logo: null,
  status: 'INACTIVE',
  job_type: 'Part time',
  country: 'Portugal',
  cityID: null,
  salary: 1200,
  salary_type: 'per month',
  currency: 'EUR',
  description: 'Make coffee by the sea.',
  qualification: 'Two years behind a bar.',
  question1: 'Why us?',
  question2: null,
  question3: 'When can you start?',
  question4: '',
  createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
  updatedAt: '2024-03-02T10:00:00.000Z',
};

const application = {
  _id: '00000000-0000-4000-8000-000000000001',
  resume: '/uploads/resume.pdf',
  answer1: 'Because I love the sea and good coffee.',
  answer2: 'Monday',
  answer3: null,
  answer4: null,
  createdAt: '2024-05-20T09:30:00',
  application_status: 'ACCEPTED',
};

function serveJob(overrides: Partial<DetailItem<'jobs'>> = {}, applications = [application]) {
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
    [`GET /admin/job/${JOB_ID}`]: () => jsonResponse(200, { ...job, ...overrides }),
    [`GET /admin/jobApplicants/${JOB_ID}`]: () =>
      jsonResponse(200, { applications, searchcount: applications.length }),
  });
}

describe('Job detail', () => {
  // The tables as on a wide screen; the stacked cards below `sm` are core/tables' own test.
  let restoreScreen: () => void;
  beforeEach(() => {
    restoreScreen = onWideScreen();
  });
  afterEach(() => restoreScreen());
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the header, the set questions and expands a long answer', async () => {
    const user = userEvent.setup();
    serveJob();
    renderApp(`/jobs/${JOB_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Barista' })).toBeInTheDocument();
    expect(screen.getByText('Harbour Co')).toBeInTheDocument();
    expect(screen.getByText('INACTIVE')).toBeInTheDocument();
    expect(screen.getByText('Part time')).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(screen.getByText('€1,200 per month')).toBeInTheDocument();
    expect(screen.getByText('Make coffee by the sea.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Questions' }));
    expect(await screen.findByText('Why us?')).toBeInTheDocument();
    expect(screen.getByText('When can you start?')).toBeInTheDocument();
    expect(screen.queryByText('Question 2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    const table = await screen.findByRole('table');
    const resume = within(table).getByRole('link', { name: /Resume/ });
    expect(resume).toHaveAttribute('href', '/uploads/resume.pdf');
    expect(resume).toHaveAttribute('target', '_blank');
    expect(within(table).getByText('Monday')).toBeInTheDocument();
    expect(within(table).getByText('ACCEPTED')).toBeInTheDocument();

    // Only the answer longer than 8 characters is cut, with one control.
    const more = within(table).getByRole('button', { name: 'Show more' });
    expect(within(table).getAllByRole('button', { name: 'Show more' })).toHaveLength(1);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).getByText('Because …')).toBeInTheDocument();

    await user.click(more);
    expect(within(table).getByText('Because I love the sea and good coffee.')).toBeInTheDocument();
    const less = within(table).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(table).getByText('Because …')).toBeInTheDocument();
  });

  it("says 'No Questions Found' and 'No applications available'", async () => {
    const user = userEvent.setup();
    serveJob({ question1: null, question3: null }, []);
    renderApp(`/jobs/${JOB_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Barista' });
    await user.click(screen.getByRole('tab', { name: 'Questions' }));
    expect(await screen.findByText(MESSAGES.noQuestions)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByText(MESSAGES.noApplications)).toBeInTheDocument();
  });
});
