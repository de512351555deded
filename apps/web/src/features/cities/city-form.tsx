import { AREAS } from '@roam/contract/areas';
import type { City } from '@roam/contract/entities';
import { cityFieldsSchema } from '@roam/contract/forms';
import { MESSAGES } from '@roam/contract/messages';
import { COUNTRIES, CURRENCIES, countryByName } from '@roam/contract/places';
import { type FormField, FormModal } from '../../core/forms/form-modal';
import { sendForm } from '../../core/forms/send-form';

const { images } = AREAS.cities.form;
const COUNTRY_NAMES = COUNTRIES.map((country) => country.name);
const ISO_CODES = [...COUNTRIES.map((country) => country.iso)].sort();
const CURRENCY_OPTIONS = CURRENCIES.map(({ code, name }) => ({ value: code, label: `${code} · ${name}` }));

/**
 * Create City and Edit City (SPEC §2, §5): name, country (picking it fills its ISO code and
 * currency), ISO, currency and an image, square on create and 16:9 on edit. Without a name, country
 * or ISO the toast is 'Please fill all the details'; each field has its live message.
 */
export default function CityForm({ city, onClose }: { city?: City; onClose: () => void }) {
  const fields: FormField[] = [
    { kind: 'text', name: 'name', label: 'City Name', placeholder: 'Enter City Name' },
    {
      kind: 'select',
      name: 'country_name',
      label: 'Country Name',
      placeholder: 'Select Country Name',
      data: COUNTRY_NAMES,
      searchable: true,
      onPick: (name, setValue) => {
        const country = name ? countryByName(name) : undefined;
        if (!country) return;
        setValue('ISO', country.iso, { shouldValidate: true });
        setValue('currency', country.currency, { shouldValidate: true });
      },
    },
    {
      kind: 'select',
      name: 'ISO',
      label: 'Country ISO',
      placeholder: 'Select Country ISO',
      data: ISO_CODES,
      searchable: true,
    },
    {
      kind: 'select',
      name: 'currency',
      label: 'Currency',
      placeholder: 'Select currency',
      data: CURRENCY_OPTIONS,
      searchable: true,
      clearable: true,
    },
    {
      kind: 'image',
      name: images.field,
      label: 'City image',
      aspect: city ? images.aspect.edit : images.aspect.create,
      currentUrl: city?.imageurl[0],
      requiredMessage: MESSAGES.uploadFile,
    },
  ];
  return (
    <FormModal
      area="cities"
      title={city ? 'Edit City' : 'Create City'}
      submitLabel={city ? 'Save' : 'Create'}
      schema={cityFieldsSchema}
      defaultValues={{
        name: city?.name ?? '',
        country_name: city?.country.name ?? '',
        ISO: city?.country.ISO ?? '',
        currency: city?.country.currency ?? '',
      }}
      fields={fields}
      precheck={(values) =>
        values.name?.trim() && values.country_name && values.ISO ? undefined : MESSAGES.fillAllDetails
      }
      submit={(values, chosen) => sendForm('cities', city?._id, values, chosen)}
      onClose={onClose}
    />
  );
}
