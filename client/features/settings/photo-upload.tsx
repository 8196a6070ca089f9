import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { Avatar } from '../../components/ui/avatar.js';
import { FormError } from '../../components/ui/field.js';
import { PROFILE_PICTURE_MAX_BYTES } from '../../../shared/limits.js';
import { showAlert } from '../../lib/alerts.js';
import { GraphqlError } from '../../lib/graphql.js';
import { useUpdateMe, type Profile } from '../profile/api.js';
import { uploadPicture, UploadError } from './api.js';
import { cropToBlob } from './photo-crop.js';
import './settings.css';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
const MAX_MB = Math.round(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));

/** Choose a picture, crop it to a square (react-easy-crop), upload it (POST /api/media), then updateMe. */
export function PhotoUpload({ profile }: { profile: Profile }) {
  const update = useUpdateMe();
  const inputId = useId();
  const zoomId = useId();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source.url);
    },
    [source],
  );

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Choose a picture (JPEG, PNG, WebP, GIF or AVIF).');
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return setError(`The picture is too large: at most ${MAX_MB} MB.`);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setSource({ url: URL.createObjectURL(file), name: file.name.replace(/\.[^.]+$/, '') || 'profile' });
  }

  async function save() {
    if (!source || !area) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await cropToBlob(source.url, area);
      const media = await uploadPicture(blob, `${source.name}.png`);
      await update.mutateAsync({ profile_picture_id: media.id });
      setSource(null);
      showAlert('Your new picture is saved.', 'success');
    } catch (err) {
      setError(err instanceof UploadError || err instanceof GraphqlError || err instanceof Error ? err.message : 'The picture could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await update.mutateAsync({ profile_picture_id: null });
      showAlert('Your picture was removed.', 'success');
    } catch (err) {
      setError(err instanceof GraphqlError ? err.message : 'The picture could not be removed. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="tile settings-section photo-editor" aria-labelledby="photo-title">
      <h2 id="photo-title">Photo</h2>
      <div className="photo-current">
        <span data-testid="current-photo">
          <Avatar userId={profile.id} name={profile.full_name} size={96} imageUrl={profile.profile_picture?.url} />
        </span>
        <div className="profile-actions">
          <input id={inputId} type="file" accept={ACCEPT} className="sr-only photo-file" onChange={onFile} aria-describedby={`${inputId}-hint`} />
          <label htmlFor={inputId} className="button button-secondary">
            {profile.profile_picture ? 'Choose a new picture' : 'Choose a picture'}
          </label>
          {profile.profile_picture && !source && (
            <button type="button" className="button button-ghost" onClick={() => void remove()} disabled={busy}>
              Remove picture
            </button>
          )}
        </div>
      </div>
      <p id={`${inputId}-hint`} className="field-hint">
        JPEG, PNG, WebP, GIF or AVIF, at most {MAX_MB} MB. You crop it to a square before it is saved.
      </p>
      {source && (
        <div className="photo-editor" role="group" aria-label="Crop your picture">
          <div className="crop-area">
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              disableAutomaticStylesInjection
              mediaProps={{ alt: 'The picture you chose' }}
              cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag, or use the arrow keys to move the picture' } as never}
            />
          </div>
          <div className="crop-zoom">
            <label htmlFor={zoomId}>Zoom</label>
            <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
          </div>
          <div className="profile-actions">
            <button type="button" className="button" onClick={() => void save()} disabled={busy || !area} aria-busy={busy || undefined}>
              {busy ? 'Saving…' : 'Save picture'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setSource(null)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <FormError message={error} />
    </section>
  );
}
