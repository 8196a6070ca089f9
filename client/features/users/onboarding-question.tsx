import { useNavigate } from '@tanstack/react-router';
import { Dialog } from '../../components/ui/dialog.js';
import { showAlert } from '../../lib/alerts.js';
import { modalStore, setModalOpen } from '../../lib/modals.js';
import { useStore } from '../../lib/store.js';
import { useSkipOnboarding } from './api.js';

const CHOICES = [
  {
    to: '/admin/settings/users',
    label: 'Invite people',
    text: 'Add your colleagues one by one (“Add person”) or from a CSV file, then send their invitations.',
  },
  { to: '/admin/settings/teams', label: 'Set up teams', text: 'Create teams with their managers and team leads.' },
  { to: '/admin/integrations', label: 'Connect integrations', text: 'Code host, issue tracker and team chat.' },
  { to: '/reviews', label: 'Plan a first review or retro', text: 'Start with a 360 review or a sprint retrospective.' },
] as const;

/** The `onboardingQuestion` modal: a new organization's first question; it can be skipped. */
export function OnboardingQuestion() {
  const open = useStore(modalStore).onboardingQuestion;
  const navigate = useNavigate();
  const skip = useSkipOnboarding();
  const close = () => setModalOpen('onboardingQuestion', false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => setModalOpen('onboardingQuestion', next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>What would you like to do first?</Dialog.Title>
          <Dialog.Description>Pick where to start setting up your organization. You can come back to the others at any time.</Dialog.Description>
          <ul className="choice-list">
            {CHOICES.map((choice) => (
              <li key={choice.to}>
                <button
                  type="button"
                  className="choice"
                  onClick={() => {
                    close();
                    void navigate({ to: choice.to });
                  }}
                >
                  <strong>{choice.label}</strong>
                  <span>{choice.text}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={skip.isPending}
              onClick={() =>
                skip.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    showAlert('Setup skipped. You can find every setting in the admin area.', 'success');
                  },
                  onError: (error) => showAlert(error.message, 'error'),
                })
              }
            >
              {skip.isPending ? 'Skipping…' : 'Skip setup'}
            </button>
            <Dialog.Close className="button button-ghost">Not now</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
