import { eq } from 'drizzle-orm';
import { cities, rentalApplications, rentals } from '../../db/schema';
import { defineApplications } from '../core/applications';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

type BedDetail = { bed_type: string; count: number };

export const rentalResource = defineResource({
  area: 'rentals',
  columns: [
    { header: 'Name', value: (rental) => rental.name, width: 1.4 },
    { header: 'Property Type', value: (rental) => rental.propertytype },
    { header: 'Checkin', value: (rental) => rental.checkin, width: 0.8 },
    { header: 'Checkout', value: (rental) => rental.checkout, width: 0.8 },
    { header: 'State', value: (rental) => rental.state },
    { header: 'Country', value: (rental) => rental.country },
    ...statusAndCreated(),
  ],
  table: rentals,
  sortColumns: { name: rentals.name },
  search: rentals.searchText,
  city: rentals.cityId,
  owner: rentals.userId,
  select: { rental: rentals, cityName: cities.name },
  joins: [{ table: cities, on: eq(cities.id, rentals.cityId) }],
  toApi: ({ rental, cityName }) => {
    const row = rental;
    return {
      _id: row.id,
      userId: row.userId,
      name: row.name,
      status: row.status,
      images: list(row.images),
      guests: row.guests,
      beds: row.beds,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      is_liked: row.isLiked,
      description: row.description,
      amenities: list(row.amenities),
      safety_amenities: list(row.safetyAmenities),
      house_rules: list(row.houseRules),
      common_spaces: list(row.commonSpaces),
      terms: row.terms,
      expectation_period_of_guests: row.expectationPeriodOfGuests,
      guest_booking_before: row.guestBookingBefore,
      checkin: row.checkin,
      checkout: row.checkout,
      min_booking_nights: row.minBookingNights,
      max_booking_nights: row.maxBookingNights,
      guest_noticeperiod: row.guestNoticePeriod,
      propertytype: row.propertyType,
      property_category: row.propertyCategory,
      bathroomtype: row.bathroomType,
      bed_details: (row.bedDetails as BedDetail[]) ?? [],
      common_space_bed_details: (row.commonSpaceBedDetails as BedDetail[]) ?? [],
      type_of_place: row.typeOfPlace,
      payment_details: {
        base_price: row.basePrice,
        currency: row.currency,
        account: row.account,
        IFSC: row.ifsc,
      },
      guest_requirements: list(row.guestRequirements),
      contact: row.contact,
      alternate_contact: row.alternateContact,
      address_line1: row.addressLine1,
      address_line2: row.addressLine2,
      cityID: row.cityId,
      cityName: cityName ? text(cityName) : null,
      pincode: row.pincode,
      state: row.state,
      country: row.country,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});

/** Applications to stay in a rental (SPEC §7: GET /admin/rental/applicants/{id}). */
export const rentalApplicationList = defineApplications('rentals', {
  table: rentalApplications,
  item: rentalApplications.rentalId,
  select: {
    id: rentalApplications.id,
    name: rentalApplications.name,
    guests: rentalApplications.guests,
    startDate: rentalApplications.startDate,
    endDate: rentalApplications.endDate,
    status: rentalApplications.status,
    createdAt: rentalApplications.createdAt,
  },
  toApi: (row) => ({
    _id: row.id,
    name: row.name,
    guests: row.guests,
    dates: { start: text(row.startDate), end: text(row.endDate) },
    createdAt: row.createdAt,
    application_status: row.status,
  }),
});
