import { Group, Stack, Text } from '@mantine/core';
import type { DetailItem } from '@roam/contract/areas';
import { AREAS } from '@roam/contract/areas';
import { rentalApplicantsResponseSchema } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { areaQueryKeys } from '../../core/area-query-keys';
import { ApplicationsTable } from '../../core/details/applications-table';
import { defineDetail } from '../../core/details/detail-declaration';
import { DetailSection, FieldGrid, TagList } from '../../core/details/field-grid';
import { reviewsTab } from '../../core/details/reviews-panel';
import { apiRequest } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { rentalActions } from './rental-list';

type Rental = DetailItem<'rentals'>;
type BedDetail = Rental['bed_details'][number];

/** SPEC §9: a rental's applications are fetched 30 at a time (AREAS) and paged 20 on the page. */
function rentalApplicationsQueryOptions(id: string) {
  const { path, pageSize } = AREAS.rentals.applications;
  const query = { status: 'All', skip: 0, limit: pageSize };
  return queryOptions({
    queryKey: areaQueryKeys.applications('rentals', id, query),
    queryFn: ({ signal }) =>
      apiRequest(`/admin${path}/${encodeURIComponent(id)}`, {
        query,
        accessType: AREAS.rentals.module,
        schema: rentalApplicantsResponseSchema,
        signal,
      }),
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Bed counts of a kind, only those above 0 (SPEC §2): 'Queen: 2'. */
function BedList({ beds, label }: { beds: readonly BedDetail[]; label: string }) {
  const counted = beds.filter((bed) => bed.count > 0).map((bed) => `${bed.bed_type}: ${bed.count}`);
  return <TagList items={counted} label={label} />;
}

function RentalApplications({ rentalId }: { rentalId: string }) {
  return (
    <ApplicationsTable
      query={useQuery(rentalApplicationsQueryOptions(rentalId))}
      columns={[
        { accessor: 'name', title: 'Name', render: (application) => application.name },
        { accessor: 'guests', title: 'Guests', render: (application) => application.guests },
        {
          accessor: 'start',
          title: 'Start Date',
          render: (application) => formatDate(application.dates.start),
        },
        { accessor: 'end', title: 'End Date', render: (application) => formatDate(application.dates.end) },
      ]}
    />
  );
}

/** Rental detail (SPEC §2: /rentaldetail/{id}). */
const rentalDetail = defineDetail({
  area: 'rentals',
  actions: rentalActions,
  title: (rental) => rental.name,
  status: (rental) => rental.status,
  images: (rental) => rental.images,
  header: (rental) => (
    <Group gap="lg" wrap="wrap" aria-label="Summary" role="group">
      <Text size="sm">{plural(rental.guests, 'guest')}</Text>
      <Text size="sm">{plural(rental.beds, 'bed')}</Text>
      <Text size="sm">{plural(rental.bedrooms, 'bedroom')}</Text>
      <Group gap={4} wrap="nowrap">
        {rental.is_liked ? (
          <IconHeartFilled size={16} color="var(--mantine-color-red-8)" aria-hidden />
        ) : (
          <IconHeart size={16} aria-hidden />
        )}
        <Text size="sm">{rental.is_liked ? 'Liked' : 'Not liked'}</Text>
      </Group>
    </Group>
  ),
  tabs: [
    {
      label: 'Description',
      render: (rental) => (
        <Stack gap="lg">
          <DetailSection title="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {rental.description.trim() || MESSAGES.notAvailable}
            </Text>
          </DetailSection>
          <DetailSection title="Amenities">
            <TagList items={rental.amenities} label="Amenities" />
          </DetailSection>
          <DetailSection title="Safety Amenities">
            <TagList items={rental.safety_amenities} label="Safety Amenities" />
          </DetailSection>
          <DetailSection title="House Rules">
            <TagList items={rental.house_rules} label="House Rules" empty={MESSAGES.noRules} />
          </DetailSection>
          <DetailSection title="Common Spaces">
            <TagList items={rental.common_spaces} label="Common Spaces" />
          </DetailSection>
          <DetailSection title="Terms">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {rental.terms.trim() || MESSAGES.notAvailable}
            </Text>
          </DetailSection>
        </Stack>
      ),
    },
    {
      label: 'Booking Details',
      render: (rental) => (
        <FieldGrid
          fields={[
            { label: 'Expectation period of guests', value: rental.expectation_period_of_guests },
            { label: 'Guest booking before', value: rental.guest_booking_before },
            { label: 'Check in', value: rental.checkin },
            { label: 'Check out', value: rental.checkout },
            { label: 'Minimum booking nights', value: rental.min_booking_nights },
            { label: 'Maximum booking nights', value: rental.max_booking_nights },
            { label: 'Guest notice period', value: rental.guest_noticeperiod },
          ]}
        />
      ),
    },
    {
      label: 'Property Details',
      render: (rental) => (
        <FieldGrid
          fields={[
            { label: 'Property type', value: rental.propertytype },
            { label: 'Category', value: rental.property_category },
            { label: 'Type of place', value: rental.type_of_place },
            { label: 'Bedrooms', value: rental.bedrooms },
            { label: 'Beds', value: rental.beds },
            { label: 'Bathrooms', value: rental.bathrooms },
            { label: 'Bathroom type', value: rental.bathroomtype },
            { label: 'Bed details', value: <BedList beds={rental.bed_details} label="Bed details" /> },
            {
              label: 'Common space bed details',
              value: <BedList beds={rental.common_space_bed_details} label="Common space bed details" />,
            },
          ]}
        />
      ),
    },
    {
      label: 'Payment Details',
      render: (rental) => (
        <FieldGrid
          fields={[
            {
              label: 'Base price',
              value: formatMoney(rental.payment_details.base_price, rental.payment_details.currency),
            },
            { label: 'Currency', value: rental.payment_details.currency },
            { label: 'Account', value: rental.payment_details.account },
            { label: 'IFSC', value: rental.payment_details.IFSC },
          ]}
        />
      ),
    },
    reviewsTab('rentals', {
      before: (rental) => (
        <DetailSection title="Guest Requirements">
          <TagList
            items={rental.guest_requirements}
            label="Guest Requirements"
            empty={MESSAGES.noRequirements}
          />
        </DetailSection>
      ),
    }),
    {
      label: 'Contact',
      render: (rental) => (
        <FieldGrid
          fields={[
            { label: 'Contact', value: rental.contact },
            { label: 'Alternate contact', value: rental.alternate_contact },
            { label: 'Address line 1', value: rental.address_line1 },
            { label: 'Address line 2', value: rental.address_line2 },
            { label: 'City', value: rental.cityName },
            { label: 'Pincode', value: rental.pincode },
            { label: 'State', value: rental.state },
            { label: 'Country', value: rental.country },
          ]}
        />
      ),
    },
    { label: 'Applications', render: (rental) => <RentalApplications rentalId={rental._id} /> },
  ],
});

export default rentalDetail;
