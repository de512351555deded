import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  type ComboboxData,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AreaName, FormAnswer } from '@roam/contract/areas';
import { MESSAGES } from '@roam/contract/messages';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, type UseFormSetValue, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldMessage, isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { loadZod } from '../../lib/zod-loader';
import { areaQueryKeys } from '../area-query-keys';
import { GalleryInput, type GalleryItem } from './gallery-input';
import { ImageInput } from './image-input';

// Its form checks with a zod schema as it renders: the module waits for zod (lib/zod-loader.ts).
await loadZod();

/** The text values of a form, by field name, as the inputs hold them. */
export type FormValues = Record<string, string>;
/**
 * The images of a form, by field name: for an image field the cropped image chosen, or none (keep
 * the current one); for a gallery its images in order, kept and new.
 */
export type FormImages = Record<string, Blob | null | readonly GalleryItem[]>;

/** One field of a form, declared; the form renders, validates and submits it. */
export type FormField =
  | { kind: 'text' | 'textarea'; name: string; label: string; placeholder?: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      data: ComboboxData;
      placeholder?: string;
      searchable?: boolean;
      clearable?: boolean;
      /** Fills other fields from the choice (a country fills its ISO code and currency). */
      onPick?: (value: string | null, setValue: UseFormSetValue<FormValues>) => void;
    }
  | {
      kind: 'image';
      name: string;
      label: string;
      /** Width / height it is cropped to. */
      aspect: number;
      /** The record's current image, when editing. */
      currentUrl?: string;
      /** The message when none is chosen and the form needs one ('Upload file'). */
      requiredMessage?: string;
    }
  | {
      kind: 'gallery';
      name: string;
      label: string;
      aspect: number;
      max: number;
      /** The record's current images, when editing. */
      current?: readonly string[];
      requiredMessage?: string;
    }
  | {
      kind: 'custom';
      name: string;
      render: (field: {
        value: string;
        onChange: (value: string) => void;
        error?: string;
        disabled: boolean;
      }) => ReactNode;
    };

export type FormModalProps = {
  /** The area whose lists and items the form changes: its queries are loaded again on success. */
  area: AreaName;
  title: string;
  submitLabel: string;
  /** The contract's schema of the text fields: its messages are the live ones (SPEC §5). */
  schema: z.ZodType<unknown, FormValues>;
  defaultValues: FormValues;
  fields: readonly FormField[];
  /** Checked before the schema: a message for the whole form, as a toast ('Please fill all the details'). */
  precheck?: (values: FormValues) => string | undefined;
  submit: (values: FormValues, images: FormImages) => Promise<FormAnswer>;
  onClose: () => void;
  /** Shown as a page's content (/addexplore) rather than a popup; `onClose` leaves the page. */
  asPage?: boolean;
};

/** A popup closes this long after a success has been shown (SPEC §2, cities: 2 s). */
const CLOSE_AFTER_MS = 2000;

/**
 * The one create and edit popup (DESIGN §8): react-hook-form with the contract's schema (live
 * messages as the admin types, after a field is left), image fields cropped before they are sent,
 * a busy state while the request runs, the server's 4xx shown under the field it names (or as a
 * toast), and on success the server's message, the area's queries loaded again, and the popup
 * closed after a moment.
 */
export function FormModal({
  area,
  title,
  submitLabel,
  schema,
  defaultValues,
  fields,
  precheck,
  submit,
  onClose,
  asPage,
}: FormModalProps) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    defaultValues,
    mode: 'onTouched',
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const [images, setImages] = useState<FormImages>(() =>
    Object.fromEntries(
      fields.flatMap((field) =>
        field.kind === 'gallery' ? [[field.name, (field.current ?? []).map((url) => ({ url }))]] : [],
      ),
    ),
  );
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  const [success, setSuccess] = useState<string | null>(null);
  const isBusy = form.formState.isSubmitting || success !== null;

  useEffect(() => {
    if (success === null) return undefined;
    const timer = setTimeout(onClose, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const missingImages = () => {
    const missing: Record<string, string> = {};
    for (const field of fields) {
      const chosen = images[field.name];
      const isEmpty =
        (field.kind === 'image' && !chosen && !field.currentUrl) ||
        (field.kind === 'gallery' && (!Array.isArray(chosen) || chosen.length === 0));
      if (isEmpty && 'requiredMessage' in field && field.requiredMessage)
        missing[field.name] = field.requiredMessage;
    }
    return missing;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      const missing = missingImages();
      setImageErrors(missing);
      if (Object.keys(missing).length > 0) return;
      try {
        const answer = await submit(values, images);
        notify('success', answer.message);
        setSuccess(answer.message);
        await queryClient.invalidateQueries({ queryKey: areaQueryKeys.all(area) });
      } catch (error) {
        showServerError(error);
      }
    },
    () => setImageErrors(missingImages()),
  );

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) {
      notify('error', MESSAGES.somethingWrongTryAgain);
      return;
    }
    if (error.isHandled) return;
    const field = fields.find((candidate) => fieldMessage(error, candidate.name) !== null);
    const message = field ? fieldMessage(error, field.name) : null;
    if (field && message !== null) {
      if (field.kind === 'image' || field.kind === 'gallery') {
        setImageErrors((current) => ({ ...current, [field.name]: message }));
      } else form.setError(field.name, { type: 'server', message }, { shouldFocus: true });
      return;
    }
    notify('error', error.status >= 500 ? MESSAGES.somethingWrongTryAgain : error.message);
  };

  const onFormSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const message = precheck?.(form.getValues());
    if (message) notify('error', message);
    void onSubmit(event);
  };

  const content = (
    <form onSubmit={onFormSubmit} noValidate aria-label={asPage ? title : undefined}>
      <Stack gap="sm">
        {fields.map((field) => renderField(field))}
        {success ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {success}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={success !== null}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  if (asPage) {
    return (
      <Paper withBorder radius="md" p="md" maw={880}>
        {content}
      </Paper>
    );
  }
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg" closeOnClickOutside={!isBusy}>
      {content}
    </Modal>
  );

  function setImage(name: string, image: FormImages[string]) {
    setImages((current) => ({ ...current, [name]: image }));
    setImageErrors(({ [name]: _cleared, ...others }) => others);
  }

  function renderField(field: FormField): ReactNode {
    if (field.kind === 'gallery') {
      const chosen = images[field.name];
      return (
        <GalleryInput
          key={field.name}
          label={field.label}
          aspect={field.aspect}
          max={field.max}
          value={Array.isArray(chosen) ? chosen : []}
          error={imageErrors[field.name]}
          isDisabled={isBusy}
          onChange={(items) => setImage(field.name, items)}
        />
      );
    }
    if (field.kind === 'image') {
      const chosen = images[field.name];
      return (
        <ImageInput
          key={field.name}
          label={field.label}
          aspect={field.aspect}
          value={chosen instanceof Blob ? chosen : null}
          currentUrl={field.currentUrl}
          error={imageErrors[field.name]}
          isDisabled={isBusy}
          onChange={(image) => setImage(field.name, image)}
        />
      );
    }
    return (
      <Controller
        key={field.name}
        name={field.name}
        control={form.control}
        render={({ field: input, fieldState }) => {
          const error = fieldState.error?.message;
          if (field.kind === 'custom') {
            return (
              <>
                {field.render({
                  value: input.value ?? '',
                  onChange: input.onChange,
                  error,
                  disabled: isBusy,
                })}
              </>
            );
          }
          if (field.kind === 'select') {
            return (
              <Select
                label={field.label}
                placeholder={field.placeholder}
                data={field.data}
                searchable={field.searchable}
                clearable={field.clearable}
                nothingFoundMessage="Nothing found"
                value={input.value || null}
                onChange={(value) => {
                  input.onChange(value ?? '');
                  field.onPick?.(value, form.setValue);
                }}
                onBlur={input.onBlur}
                error={error}
                disabled={isBusy}
                comboboxProps={{ withinPortal: true }}
              />
            );
          }
          const Component = field.kind === 'textarea' ? Textarea : TextInput;
          return (
            <Component
              label={field.label}
              placeholder={field.placeholder}
              value={input.value ?? ''}
              onChange={(event) => input.onChange(event.currentTarget.value)}
              onBlur={input.onBlur}
              ref={input.ref}
              error={error}
              disabled={isBusy}
              {...(field.kind === 'textarea' ? { autosize: true, minRows: 2, maxRows: 6 } : {})}
            />
          );
        }}
      />
    );
  }
}
