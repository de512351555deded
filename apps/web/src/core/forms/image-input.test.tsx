import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { croppedAreas, pickedFile, stubObjectUrls } from '../../test/fake-crop';
import { ImageInput } from './image-input';

vi.mock('react-easy-crop', () => import('../../test/fake-crop'));
vi.mock('./crop-image', () => import('../../test/fake-crop'));

/** The field as a form holds it: the cropped image handed back becomes its value. */
function renderImageInput(aspect: number) {
  const chosen: (Blob | null)[] = [];
  function Field() {
    const [value, setValue] = useState<Blob | null>(null);
    return (
      <ImageInput
        label="City image"
        aspect={aspect}
        value={value}
        onChange={(image) => {
          chosen.push(image);
          setValue(image);
        }}
      />
    );
  }
  render(
    <MantineProvider env="test">
      <Field />
    </MantineProvider>,
  );
  return { chosen };
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('City image', { selector: 'input' });

describe('ImageInput (the crop tool, SPEC §2)', () => {
  beforeEach(() => {
    stubObjectUrls();
    croppedAreas.length = 0;
  });

  it('refuses a file that is not a jpeg, png, gif or webp image and opens no crop tool', async () => {
    const { chosen } = renderImageInput(1);
    const user = userEvent.setup({ applyAccept: false });
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');

    await user.upload(fileInput(), pickedFile('application/pdf', 'menu.pdf'));
    expect(await screen.findByText('Choose a jpeg, png, gif or webp image')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument();
    expect(chosen).toEqual([]);

    await user.upload(fileInput(), pickedFile('image/svg+xml', 'logo.svg'));
    expect(screen.getByText('Choose a jpeg, png, gif or webp image')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument();
  });

  it('crops at the given aspect: Crop waits for a frame with a size, then the result is shown and handed back', async () => {
    const { chosen } = renderImageInput(16 / 9);
    const user = userEvent.setup();
    expect(screen.getByText('No image chosen')).toBeInTheDocument();

    await user.upload(fileInput(), pickedFile());
    const cropper = within(await screen.findByRole('dialog', { name: 'Crop image' }));
    expect(await cropper.findByTestId('crop-frame')).toHaveAttribute('data-aspect', String(16 / 9));
    expect(cropper.getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    const crop = cropper.getByRole('button', { name: 'Crop' });
    expect(crop).toBeDisabled();

    await user.click(cropper.getByRole('button', { name: 'Frame without size' }));
    expect(crop).toBeDisabled();
    await user.click(cropper.getByRole('button', { name: 'Frame the image' }));
    expect(crop).toBeEnabled();
    await user.click(crop);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument());
    expect(croppedAreas).toEqual([{ x: 0, y: 0, width: 1600, height: 900 }]);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]?.type).toBe('image/jpeg');
    expect(screen.getByRole('img', { name: 'City image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByRole('button', { name: 'Change image' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(chosen.at(-1)).toBeNull();
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
  });

  it('closes the crop tool on Cancel without choosing anything', async () => {
    const { chosen } = renderImageInput(1);
    const user = userEvent.setup();
    await user.upload(fileInput(), pickedFile('image/webp', 'photo.webp'));
    const cropper = within(await screen.findByRole('dialog', { name: 'Crop image' }));
    await cropper.findByTestId('crop-frame');
    await user.click(cropper.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument());
    expect(chosen).toEqual([]);
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
  });
});
