import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Dialog } from './ui/dialog.js';
import type { ReactNode } from 'react';
import { modalStore, setModalOpen } from '../lib/modals.js';
import { useMediaQuery } from '../lib/media-query.js';
import { useStore } from '../lib/store.js';
import { Avatar } from './ui/avatar.js';
import { EmailText } from './ui/email-text.js';
import { ADMIN_NAV, USER_NAV, isDisabledPath, visibleNav, type NavSection } from './navigation.js';
import { disabledAreasOf, featureAreasQueryOptions } from '../features/feature-areas/api.js';
import { FeatureOffView } from '../features/feature-areas/feature-off-view.js';
import { BillingNoticeBanner } from '../features/billing/billing-notice.js';
import { NotificationBell } from '../features/notifications/notification-bell.js';
import { useLiveNotifications } from '../features/notifications/use-live-notifications.js';

type ShellUser = { id: string; full_name: string; email: string; permission_level: string; imageUrl?: string | null };

function NavList({ sections, onNavigate }: { sections: NavSection[]; onNavigate?: () => void }) {
  return (
    <>
      {sections.map((section) => (
        <div className="nav-section" key={section.title}>
          <p className="nav-title">{section.title}</p>
          <ul>
            {section.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to as never} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page', className: 'active' }} onClick={onNavigate}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function AreaSwitch({ admin, isAdminUser, onNavigate }: { admin: boolean; isAdminUser: boolean; onNavigate?: () => void }) {
  if (admin)
    return (
      <Link className="area-switch" to="/home/dashboard" onClick={onNavigate}>
        ← Back to my area
      </Link>
    );
  if (!isAdminUser) return null;
  return (
    <Link className="area-switch" to="/admin/dashboard" onClick={onNavigate}>
      Admin area →
    </Link>
  );
}

/** Where the sidebar replaces the top bar: lg (client/styles.css). */
const WIDE = '(min-width: 992px)';

/**
 * The application shell: a sidebar on lg (992 px) and wider; below that a top bar whose
 * menu button opens the navigation in the `navigationModal` dialog. Only the one the width shows
 * is rendered (the stylesheet hides the other): on a phone the sidebar, with every link of the
 * navigation and its own notification bell, was half of a page's elements and of the work of its
 * first render (docs/decisions/0077).
 */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const modals = useStore(modalStore);
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  const isAdminUser = user.permission_level === 'ADMIN';
  // Areas an admin switched off (/admin/settings/pages) leave the navigation, and their pages say so.
  const { data: areaSettings } = useQuery(featureAreasQueryOptions);
  const disabled = disabledAreasOf(areaSettings);
  const sections = visibleNav(admin ? ADMIN_NAV : USER_NAV, disabled, user.permission_level);
  const offArea = isDisabledPath(pathname, disabled);
  const close = () => setModalOpen('navigationModal', false);
  // null (no matchMedia, as in jsdom): both, as the stylesheet decides.
  const wide = useMediaQuery(WIDE);
  useLiveNotifications();

  const userBox = (
    <div className="user-box">
      <Avatar userId={user.id} name={user.full_name} size={36} imageUrl={user.imageUrl} />
      <div className="user-box-text">
        <strong>{user.full_name}</strong>
        <span title={user.email}>
          <EmailText email={user.email} />
        </span>
      </div>
    </div>
  );
  const signOut = (
    <button type="button" className="button button-secondary" onClick={() => void navigate({ to: '/logout' })}>
      Sign out
    </button>
  );

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {wide !== true && (
        <header className="topbar">
          <Dialog.Root open={modals.navigationModal} onOpenChange={(open) => setModalOpen('navigationModal', open)}>
            <Dialog.Trigger asChild>
              <button type="button" className="menu-button" aria-label="Open the menu">
                ☰ Menu
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="nav-drawer" aria-describedby={undefined}>
                <Dialog.Title className="drawer-title">{admin ? 'Admin area' : 'Teamlens'}</Dialog.Title>
                <Dialog.Close className="drawer-close" aria-label="Close the menu">
                  ×
                </Dialog.Close>
                {userBox}
                <nav aria-label={admin ? 'Admin navigation' : 'Main navigation'}>
                  <AreaSwitch admin={admin} isAdminUser={isAdminUser} onNavigate={close} />
                  <NavList sections={sections} onNavigate={close} />
                </nav>
                {signOut}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Link to="/home/dashboard" className="brand">
            Teamlens
          </Link>
          <div className="shell-actions">
            <NotificationBell />
            <Avatar userId={user.id} name={user.full_name} size={32} imageUrl={user.imageUrl} />
          </div>
        </header>
      )}
      {wide !== false && (
        <aside className="sidebar">
          <div className="sidebar-head">
            <Link to="/home/dashboard" className="brand">
              Teamlens{admin ? ' · Admin' : ''}
            </Link>
            <NotificationBell side="right" />
          </div>
          {userBox}
          <nav aria-label={admin ? 'Admin navigation' : 'Main navigation'}>
            <AreaSwitch admin={admin} isAdminUser={isAdminUser} />
            <NavList sections={sections} />
          </nav>
          {signOut}
        </aside>
      )}
      <main id="main" className="content" tabIndex={-1}>
        <BillingNoticeBanner isAdmin={isAdminUser} />
        {offArea ? <FeatureOffView area={offArea} isAdmin={isAdminUser} /> : children}
      </main>
    </div>
  );
}
