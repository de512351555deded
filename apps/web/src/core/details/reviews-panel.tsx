import { Avatar, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DetailItem, ReviewedAreaName } from '@roam/contract/areas';
import type { ReviewsResponse } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../../components/page-loader';
import { formatDateTime } from '../../lib/format-date';
import type { DetailTab } from './detail-declaration';
import { reviewsQueryOptions } from './detail-query';
import { LoadFailure } from './load-failure';
import { MAX_STARS, StarRating } from './star-rating';

type Rating = ReviewsResponse['rating'];
type Review = ReviewsResponse['reviews'][number];

const STAR_KEYS = ['fivestar', 'fourstar', 'threestar', 'twostar', 'onestar'] as const;

/** The share of the ratings that gave `count` stars, as a whole percentage. */
export function ratingPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** SPEC §9: the average to two decimals out of 5. */
export function formatAverage(average: number): string {
  return (Number.isFinite(average) ? average : 0).toFixed(2);
}

/**
 * An item's reviews (SPEC §2): the average out of 5, the number of ratings, a bar per star level
 * with its percentage, then each review with its author, stars, text and date; 'No Reviews Found'
 * when there are none.
 */
export function ReviewsPanel({ reviews, rating }: ReviewsResponse) {
  return (
    <Stack gap="lg">
      {rating.total_rating > 0 ? <RatingSummary rating={rating} /> : null}
      {reviews.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noReviews}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews">
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RatingSummary({ rating }: { rating: Rating }) {
  const average = formatAverage(rating.avgrating);
  const total = rating.total_rating;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap={4} justify="center">
        <Text fz={36} fw={700} lh={1}>
          {average}
          <Text span size="md" c="dimmed" fw={500}>
            {' '}
            out of {MAX_STARS}
          </Text>
        </Text>
        <StarRating value={rating.avgrating} size={20} />
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? 'rating' : 'ratings'}
        </Text>
      </Stack>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Ratings by stars">
        {STAR_KEYS.map((key, index) => {
          const stars = MAX_STARS - index;
          const percent = ratingPercent(rating[key], total);
          const label = `${stars} ${stars === 1 ? 'star' : 'stars'}`;
          return (
            <Group component="li" key={key} gap="sm" wrap="nowrap">
              <Text size="sm" w={56} style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <Progress value={percent} aria-label={label} color="orange.8" style={{ flex: 1 }} />
              <Text size="sm" w={44} ta="right" style={{ flexShrink: 0 }}>
                {percent}%
              </Text>
            </Group>
          );
        })}
      </Stack>
    </SimpleGrid>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const author = review.user[0];
  const fullName = author ? [author.fullname, author.lastname].filter(Boolean).join(' ') : '';
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={author?.profileURL ?? null} name={fullName} color="initials" alt="" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div>
              <Text fw={600} size="sm">
                {fullName || MESSAGES.notAvailable}
              </Text>
              {author?.username ? (
                <Text size="xs" c="dimmed">
                  @{author.username}
                </Text>
              ) : null}
            </div>
            <Text size="xs" c="dimmed">
              {formatDateTime(review.createdAt)}
            </Text>
          </Group>
          <StarRating value={review.rating} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.review}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** An item's reviews, loaded when shown. */
export function ItemReviews({ area, itemId }: { area: ReviewedAreaName; itemId: string }) {
  const query = useQuery(reviewsQueryOptions(area, itemId));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailure error={query.error} />;
  return <ReviewsPanel reviews={query.data.reviews} rating={query.data.rating} />;
}

/** The Review tab of an area with reviews, with what the area shows before them. */
export function reviewsTab<Area extends ReviewedAreaName>(
  area: Area,
  options: { label?: string; before?: (item: DetailItem<Area>) => ReactNode } = {},
): DetailTab<DetailItem<Area>> {
  return {
    label: options.label ?? 'Review',
    render: (item) => (
      <Stack gap="lg">
        {options.before?.(item)}
        <ItemReviews area={area} itemId={item._id} />
      </Stack>
    ),
  };
}
