import { MantineProvider } from '@mantine/core';
import type { ReviewsResponse } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewsPanel } from './reviews-panel';

const rating: ReviewsResponse['rating'] = {
  avgrating: 4.3333,
  total_rating: 3,
  fivestar: 2,
  fourstar: 0,
  threestar: 1,
  twostar: 0,
  onestar: 0,
};

const review: ReviewsResponse['reviews'][number] = {
  _id: '00000000-0000-4000-8000-000000000001',
  user: [{ fullname: 'Ana', lastname: 'Silva', username: 'ana.s', profileURL: null }],
  rating: 4,
  review: 'Lovely stay, quiet street.',
  createdAt: '2024-05-06T15:07:00',
};

function renderPanel(response: ReviewsResponse) {
  return render(
    <MantineProvider env="test">
      <ReviewsPanel {...response} />
    </MantineProvider>,
  );
}

describe('ReviewsPanel', () => {
  it('shows the average to two decimals, the total and the share of each star level', () => {
    renderPanel({ reviews: [review], rating });

    expect(screen.getByText('4.33')).toBeInTheDocument();
    expect(screen.getByText(/out of 5/)).toBeInTheDocument();
    expect(screen.getByText('3 ratings')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.33 out of 5' })).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' }));
    expect(bars.getByRole('progressbar', { name: '5 stars' })).toHaveAttribute('aria-valuenow', '67');
    expect(bars.getByRole('progressbar', { name: '3 stars' })).toHaveAttribute('aria-valuenow', '33');
    expect(bars.getByRole('progressbar', { name: '1 star' })).toHaveAttribute('aria-valuenow', '0');
    expect(bars.getByText('67%')).toBeInTheDocument();
  });

  it('shows each review with its author, stars, text and date', () => {
    renderPanel({ reviews: [review], rating });
    const card = within(screen.getByRole('list', { name: 'Reviews' }));
    expect(card.getByText('Ana Silva')).toBeInTheDocument();
    expect(card.getByText('@ana.s')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(card.getByText('Lovely stay, quiet street.')).toBeInTheDocument();
    expect(card.getByText('06/05/2024, 03:07 pm')).toBeInTheDocument();
  });

  it("says 'No Reviews Found' when there are none", () => {
    renderPanel({
      reviews: [],
      rating: { ...rating, avgrating: 0, total_rating: 0, fivestar: 0, threestar: 0 },
    });
    expect(screen.getByText(MESSAGES.noReviews)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
