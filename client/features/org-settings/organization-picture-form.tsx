import { useId, useState } from 'react';
import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES } from '../../../shared/limits.js';
import { Field, FormError } from '../../components/ui/field.js';
import { SignedImage } from '../../components/ui/signed-image.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, useZodForm } from '../../lib/forms.js';
import { UploadError, uploadPicture, useUpdateOrganization, type OrganizationMedia } from './api.js';
import { outcomeOfError } from './org-settings-errors.js';
import './org-settings.css';

const MAX_MB = Math.round(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));

/** Only an obviously wrong choice is stopped here; the server decides what is an image (by content) and says why not. */
const pictureSchema = z.object({
  file: z
    .instanceof(File, { message: 'Choose a picture to upload.' })
    .refine((file) => file.size > 0, 'Choose a picture to upload.')
    .refine((file) => file.size <= PROFILE_PICTURE_MAX_BYTES, `The picture is too large: at most ${MAX_MB} MB.`),
});

/** The form's chosen file, read from the input itself (its FileList), then checked with pictureSchema. */
const chosenFileSchema = z.object({});
function chosenFile(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="file"]');
  return pictureSchema.safeParse({ file: input?.files?.[0] });
}

/** The organization's picture: upload (POST /api/media), then use it (updateOrganization profile_picture_id). */
export function OrganizationPictureForm({ name, picture }: { name: string; picture: OrganizationMedia | null }) {
  const update = useUpdateOrganization();
  const headingId = useId();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const form = useZodForm(chosenFileSchema, async (_, element) => {
    setRemoveError(null);
    const parsed = chosenFile(element);
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };
    const { file } = parsed.data;
    let media: OrganizationMedia;
    try {
      media = await uploadPicture(file);
    } catch (error) {
      if (error instanceof UploadError) return { fieldErrors: { file: error.message } };
      throw error;
    }
    try {
      await update.mutateAsync({ profile_picture_id: media.id });
    } catch (error) {
      return outcomeOfError(error, 'file');
    }
    element.reset();
    showAlert('The organization picture was saved.', 'success');
  });

  async function removePicture() {
    setRemoveError(null);
    try {
      await update.mutateAsync({ profile_picture_id: null });
      showAlert('The organization picture was removed.', 'success');
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : 'The picture could not be removed. Try again.');
    }
  }

  const busy = form.sending || update.isPending;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Organization picture</h2>
      <div className="picture-row">
        {picture ? (
          <SignedImage key={picture.id} src={picture.url} alt={`Picture of ${name}`} width={96} height={96} className="org-picture" />
        ) : (
          <span className="org-picture org-picture-empty" role="img" aria-label="No picture yet">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {picture && (
          <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void removePicture()}>
            Remove the picture
          </button>
        )}
      </div>
      {removeError && (
        <p role="alert" className="form-error">
          {removeError}
        </p>
      )}
      <form onSubmit={form.onSubmit} noValidate className="form settings-form">
        <Field
          label={picture ? 'New picture' : 'Picture'}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          hint={`JPEG, PNG, WebP, GIF or AVIF, at most ${MAX_MB} MB. It is shown square.`}
          error={form.fieldErrors.file}
        />
        <FormError message={form.formError} />
        <div>
          <button type="submit" className="button" disabled={busy} aria-busy={form.sending || undefined}>
            {form.sending ? 'Uploading…' : 'Upload the picture'}
          </button>
        </div>
      </form>
    </section>
  );
}
