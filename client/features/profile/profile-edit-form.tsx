import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { useUpdateMe, type Profile } from './api.js';
import { TextAreaField, TimeZoneField } from './profile-fields.js';
import { BIO_MAX, FULL_NAME_MAX, TEXT_FIELD_MAX } from '../../../shared/limits.js';
import { formatNumber } from '../../../shared/format.js';

// The shared rules load with the form's first focus or submit (they bring the password policy along).
const loadSchema = () => import('./profile-form.schema.js').then((m) => m.profileFormSchema);

/** Own fields through updateMe: name, role, location, bio, time zone, phone. */
export function ProfileEditForm({
  profile,
  onSaved,
  onCancel,
  showRole = true,
}: {
  profile: Profile;
  onSaved?: () => void;
  onCancel?: () => void;
  showRole?: boolean;
}) {
  const update = useUpdateMe();
  const form = useZodForm(loadSchema, async (values) => {
    try {
      await update.mutateAsync(showRole ? values : { ...values, role: undefined });
    } catch (err) {
      return refusedSave(err);
    }
    showAlert('Your profile was saved.', 'success');
    onSaved?.();
  });
  return (
    <form className="form profile-form" onSubmit={form.onSubmit} noValidate onFocus={() => void loadSchema()} aria-label="Edit your profile">
      <Field
        label="Full name"
        name="full_name"
        defaultValue={profile.full_name}
        autoComplete="name"
        required
        maxLength={FULL_NAME_MAX}
        error={form.fieldErrors.full_name}
      />
      {showRole && (
        <Field
          label="Role"
          name="role"
          defaultValue={profile.role ?? ''}
          autoComplete="organization-title"
          maxLength={TEXT_FIELD_MAX}
          hint="Your job title, e.g. Software Engineer."
          error={form.fieldErrors.role}
        />
      )}
      <div className="form-columns">
        <Field
          label="Location"
          name="location"
          defaultValue={profile.location ?? ''}
          maxLength={TEXT_FIELD_MAX}
          hint="City or office."
          error={form.fieldErrors.location}
        />
        <Field
          label="Phone"
          name="phone_number"
          type="tel"
          defaultValue={profile.phone_number ?? ''}
          autoComplete="tel"
          error={form.fieldErrors.phone_number}
        />
      </div>
      <TimeZoneField label="Time zone" name="time_zone" defaultValue={profile.time_zone} error={form.fieldErrors.time_zone} />
      <TextAreaField
        label="Bio"
        name="bio"
        defaultValue={profile.bio ?? ''}
        rows={5}
        maxLength={BIO_MAX}
        hint={`A few words about you and your work (at most ${formatNumber(BIO_MAX)} characters).`}
        error={form.fieldErrors.bio}
      />
      <FormError message={form.formError} />
      <div className="form-actions">
        <SubmitButton sending={form.sending} sendingText="Saving…">
          Save profile
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
