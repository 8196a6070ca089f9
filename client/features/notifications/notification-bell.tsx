import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { notificationsQueryOptions, useMarkNotificationsRead, type AppNotification } from './api.js';
import './notifications.css';
import { formatDateTime, formatRelativeTime } from '../../../shared/format.js';

export function bellLabel(unread: number): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications, none unread';
}

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function NotificationItem({
  item,
  onOpen,
  onMarkRead,
  marking,
}: {
  item: AppNotification;
  onOpen: (item: AppNotification, event: MouseEvent<HTMLAnchorElement>) => void;
  onMarkRead: (id: string) => void;
  marking: boolean;
}) {
  const unread = !item.read_at;
  return (
    <li className={unread ? 'bell-item bell-item-unread' : 'bell-item'}>
      <div className="bell-item-text">
        {unread && <span className="sr-only">Unread: </span>}
        {item.link ? (
          <a href={item.link} className="bell-item-title" onClick={(e) => onOpen(item, e)}>
            {item.title}
          </a>
        ) : (
          <strong className="bell-item-title">{item.title}</strong>
        )}
        {item.body && <p className="bell-item-body">{item.body}</p>}
        <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
          {formatRelativeTime(item.created_at)}
        </time>
      </div>
      {unread && (
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={marking}
          onClick={() => onMarkRead(item.id)}
          aria-label={`Mark as read: ${item.title}`}
        >
          Mark as read
        </button>
      )}
    </li>
  );
}

/**
 * The bell: unread count on the button ("Notifications, 3 unread"), the newest notifications in a
 * popover, each with its link and "Mark as read", and "Mark all as read". Live updates come from
 * useLiveNotifications (mounted once by the shell), which writes into the same query.
 */
export function NotificationBell({ side = 'bottom' }: { side?: 'bottom' | 'right' }) {
  const inbox = useQuery(notificationsQueryOptions);
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const unread = inbox.data?.unread ?? 0;
  const items = inbox.data?.items ?? [];

  // Say a live arrival out loud (only the visible bell is read: the hidden one is display: none).
  const newest = items[0];
  const seen = useRef<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!inbox.data) return;
    if (seen.current !== undefined && newest && newest.id !== seen.current && !newest.read_at) setAnnouncement(`New notification: ${newest.title}`);
    seen.current = newest?.id ?? null;
  }, [inbox.data, newest]);

  function markRead(ids: string[] | null) {
    mark.mutate(ids, { onError: (error) => showAlert(`The notifications could not be marked as read: ${error.message}`, 'error') });
  }

  function openItem(item: AppNotification, event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!item.read_at) markRead([item.id]);
    setOpen(false);
    void navigate({ href: item.link ?? '/' });
  }

  let content;
  if (inbox.isPending)
    content = (
      <p className="bell-state" role="status">
        Loading notifications…
      </p>
    );
  else if (inbox.isError && !inbox.data) {
    content = (
      <div className="bell-state" role="alert">
        <p>The notifications could not be loaded.</p>
        <button type="button" className="button button-secondary button-small" onClick={() => void inbox.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!items.length) content = <p className="bell-state">No notifications yet. Review requests, feedback and reminders will show up here.</p>;
  else {
    content = (
      <ul className="bell-list">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={openItem} onMarkRead={(id) => markRead([id])} marking={mark.isPending} />
        ))}
      </ul>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="bell-button" aria-label={inbox.data ? bellLabel(unread) : 'Notifications'}>
          <BellIcon />
          {unread > 0 && (
            <span className="bell-badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
      <Popover.Portal>
        <Popover.Content className="bell-popover" side={side} align="end" sideOffset={8} collisionPadding={8} aria-labelledby={headingId}>
          <div className="bell-head">
            <h2 id={headingId}>Notifications</h2>
            {unread > 0 && (
              <button type="button" className="button button-ghost button-small" disabled={mark.isPending} onClick={() => markRead(null)}>
                Mark all as read
              </button>
            )}
          </div>
          {content}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
