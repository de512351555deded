import { AREAS } from '@roam/contract/areas';
import { PROMO_TYPES, type Promo } from '@roam/contract/entities';
import { promoFieldsSchema } from '@roam/contract/forms';
import { MESSAGES } from '@roam/contract/messages';
import { CitySelect } from '../../core/forms/city-select';
import { type FormField, FormModal } from '../../core/forms/form-modal';
import { sendForm } from '../../core/forms/send-form';

const { images } = AREAS.promos.form;

/**
 * Create New Promo and Edit Promo (SPEC §2, §5): name, description, type, the path it opens in
 * the app, the link it opens outside, an optional city and a 16:9 image.
 */
export default function PromoForm({ promo, onClose }: { promo?: Promo; onClose: () => void }) {
  const fields: FormField[] = [
    { kind: 'text', name: 'name', label: 'Name' },
    { kind: 'textarea', name: 'description', label: 'Description' },
    {
      kind: 'select',
      name: 'type',
      label: 'Type',
      placeholder: 'Select type',
      data: PROMO_TYPES.map((type) => ({ value: type, label: type.charAt(0).toUpperCase() + type.slice(1) })),
    },
    { kind: 'text', name: 'internal_url', label: 'Internal URL', placeholder: '/cafe' },
    { kind: 'text', name: 'external_url', label: 'External URL', placeholder: 'https://' },
    {
      kind: 'custom',
      name: 'city',
      render: ({ value, onChange, error, disabled }) => (
        <CitySelect
          value={value || undefined}
          onChange={(city) => onChange(city ?? '')}
          field={{ label: 'City', placeholder: 'All cities', error, disabled }}
        />
      ),
    },
    {
      kind: 'image',
      name: images.field,
      label: 'Banner image',
      aspect: promo ? images.aspect.edit : images.aspect.create,
      currentUrl: promo?.imageurl ?? undefined,
      requiredMessage: MESSAGES.uploadFile,
    },
  ];
  return (
    <FormModal
      area="promos"
      title={promo ? 'Edit Promo' : 'Create New Promo'}
      submitLabel={promo ? 'Save' : 'Create'}
      schema={promoFieldsSchema}
      defaultValues={{
        name: promo?.name ?? '',
        description: promo?.description ?? '',
        type: promo?.type ?? 'cafe',
        internal_url: promo?.internal_url ?? '',
        external_url: promo?.external_url ?? '',
        city: promo?.city ?? '',
      }}
      fields={fields}
      submit={(values, chosen) => sendForm('promos', promo?._id, values, chosen)}
      onClose={onClose}
    />
  );
}
