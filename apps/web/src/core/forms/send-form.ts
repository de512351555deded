import { AREAS, type FormAnswer, type FormAreaName, formAnswerSchema } from '@roam/contract/areas';
import { NEW_IMAGE_PREFIX } from '@roam/contract/forms';
import { apiRequest } from '../../lib/api-client';
import type { FormImages, FormValues } from './form-modal';
import type { GalleryItem } from './gallery-input';

/**
 * A gallery's new images go under its field, in order; on an edit, `imageurl` says which current
 * images stay and where the new ones (`new:N`) go (DESIGN §8).
 */
function appendGallery(body: FormData, name: string, items: readonly GalleryItem[], isEdit: boolean) {
  let added = 0;
  const order = items.map((item) => {
    if ('url' in item) return item.url;
    body.append(name, item.image, `${name}-${added}.jpg`);
    return `${NEW_IMAGE_PREFIX}${added++}`;
  });
  if (isEdit) body.set('imageurl', JSON.stringify(order));
}

/**
 * A create (no `id`) or an edit of an area's record (DESIGN §8): POST /admin{form path} or PUT
 * /admin{form path}/{id}, multipart, with the text fields and the images chosen in the form (an
 * edit sends an image only when a new one was chosen).
 */
export function sendForm(
  area: FormAreaName,
  id: string | undefined,
  values: FormValues,
  images: FormImages,
  extra: Record<string, string> = {},
): Promise<FormAnswer> {
  const { form, module } = AREAS[area];
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...values, ...extra })) body.set(name, value);
  for (const [name, image] of Object.entries(images)) {
    if (image instanceof Blob) body.append(name, image, `${name}.jpg`);
    else if (Array.isArray(image)) appendGallery(body, name, image, id !== undefined);
  }
  return apiRequest(`/admin${form.path}${id ? `/${encodeURIComponent(id)}` : ''}`, {
    method: id ? 'PUT' : 'POST',
    formData: body,
    accessType: module,
    schema: formAnswerSchema(area),
  });
}
