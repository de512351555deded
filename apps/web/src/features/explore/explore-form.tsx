import { AREAS } from '@roam/contract/areas';
import type { Explore } from '@roam/contract/entities';
import { exploreEditFieldsSchema, exploreFieldsSchema } from '@roam/contract/forms';
import { MESSAGES } from '@roam/contract/messages';
import { EMPTY_DOCUMENT } from '@roam/contract/rich-text';
import { lazy, Suspense } from 'react';
import { CitySelect } from '../../core/forms/city-select';
import { type FormField, FormModal } from '../../core/forms/form-modal';
import { sendForm } from '../../core/forms/send-form';

const RichTextField = lazy(() => import('../../core/forms/rich-text-editor'));
const { images } = AREAS.explore.form;

type ExploreFormProps = {
  explore?: Explore;
  onClose: () => void;
  /** The /addexplore page shows the form as its content. */
  asPage?: boolean;
};

/**
 * Add and Edit a thing to do (SPEC §2, §5): a title, a city chosen from a search list, the
 * description in the rich-text editor, and 1 to 10 wide images, each cropped 16:9, in the order
 * chosen; an edit may also change the status.
 */
export default function ExploreForm({ explore, onClose, asPage }: ExploreFormProps) {
  const fields: FormField[] = [
    { kind: 'text', name: 'title', label: 'Title' },
    {
      kind: 'custom',
      name: 'cityID',
      render: ({ value, onChange, error, disabled }) => (
        <CitySelect
          value={value || undefined}
          onChange={(city) => onChange(city ?? '')}
          field={{ label: 'City', placeholder: 'Search a city', error, disabled }}
        />
      ),
    },
    {
      kind: 'custom',
      name: 'body',
      render: ({ value, onChange, error, disabled }) => (
        <Suspense fallback={null}>
          <RichTextField
            label="Description"
            value={value}
            onChange={onChange}
            error={error}
            disabled={disabled}
          />
        </Suspense>
      ),
    },
    {
      kind: 'gallery',
      name: images.field,
      label: 'Images',
      aspect: explore ? images.aspect.edit : images.aspect.create,
      max: images.max,
      current: explore?.imageurl,
      requiredMessage: MESSAGES.uploadFile,
    },
    ...(explore && explore.status !== 'DELETED'
      ? [
          {
            kind: 'select' as const,
            name: 'status',
            label: 'Status',
            data: [
              { value: 'ACTIVE', label: 'Active' },
              { value: 'INACTIVE', label: 'Inactive' },
            ],
          },
        ]
      : []),
  ];
  return (
    <FormModal
      area="explore"
      title={explore ? 'Edit Things ToDo' : 'Add Things ToDo'}
      submitLabel={explore ? 'Save' : 'Create'}
      schema={explore ? exploreEditFieldsSchema : exploreFieldsSchema}
      defaultValues={{
        title: explore?.title ?? '',
        cityID: explore?.cityID ?? '',
        body: JSON.stringify(explore?.body ?? EMPTY_DOCUMENT),
        ...(explore && explore.status !== 'DELETED' ? { status: explore.status } : {}),
      }}
      fields={fields}
      submit={(values, chosen) => sendForm('explore', explore?._id, values, chosen)}
      onClose={onClose}
      asPage={asPage}
    />
  );
}
