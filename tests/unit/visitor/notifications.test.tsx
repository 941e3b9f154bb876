/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Notifications } from '@/components/notifications/notifications';
import { announceCodes } from '@/lib/client/notify-codes';
import { getNotifications, notify, NOTIFICATION_LIFETIME_MS, resetNotifications } from '@/components/notifications/store';

// The real bus: an API answer's 'notify' codes reach the region through lib/client/notify-codes.
const emit = (n: { code: string; info: Record<string, string> }) => announceCodes({ error: 'x', codes: [{ field: 'notify', ...n }] });

beforeEach(() => {
  jest.useFakeTimers();
  resetNotifications();
});
afterEach(() => jest.useRealTimers());

describe('the notification queue', () => {
  it('removes a notification after 4 seconds', () => {
    notify.success('saved');
    expect(getNotifications()).toHaveLength(1);
    jest.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 1);
    expect(getNotifications()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
    expect(NOTIFICATION_LIFETIME_MS).toBe(4000);
  });

  it('keeps the order and each its own timer', () => {
    notify.success('first');
    jest.advanceTimersByTime(2000);
    notify.error('second');
    expect(getNotifications().map((n) => [n.type, n.text])).toEqual([
      ['success', 'first'],
      ['error', 'second'],
    ]);
    jest.advanceTimersByTime(2000);
    expect(getNotifications().map((n) => n.text)).toEqual(['second']);
  });

  it('renders in a polite live region and removes on click', () => {
    render(<Notifications />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      notify.success('Thanks for your vote');
    });
    const item = screen.getByText('Thanks for your vote');
    expect(region).toContainElement(item);
    fireEvent.click(item);
    expect(screen.queryByText('Thanks for your vote')).toBeNull();
    expect(getNotifications()).toHaveLength(0);
  });

  it('shows translated notify codes from API answers, filled with info', () => {
    render(<Notifications />);
    act(() => emit({ code: 'bookmark_exists', info: { title: 'Sunset' } }));
    expect(screen.getByText('Video Sunset has already been added to Bookmarks').closest('button')).toHaveAttribute('data-type', 'error');
    act(() => emit({ code: 'no_such_code', info: {} }));
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(NOTIFICATION_LIFETIME_MS);
    });
    expect(screen.queryAllByTestId('notification')).toHaveLength(0);
  });
});
