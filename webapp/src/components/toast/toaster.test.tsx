import { act, screen } from '@testing-library/react';
import { renderWithIntl as render } from '@/testing/render';
import userEvent from '@testing-library/user-event';
import { TOAST_MS, clearToasts, showToast } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('shows a toast and hides it after 2400 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('You have joined the group.', 'success');
    });
    expect(screen.getByRole('status')).toHaveTextContent('You have joined the group.');
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 10);
    });
    expect(screen.getByText('You have joined the group.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.queryByText('You have joined the group.')).not.toBeInTheDocument();
  });

  it('announces failures as alerts and can be dismissed', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      showToast('Failed to leave group.', 'error');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to leave group.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not stack the same message twice', () => {
    render(<Toaster />);
    act(() => {
      showToast('Request approved.', 'success');
      showToast('Request approved.', 'success');
    });
    expect(screen.getAllByText('Request approved.')).toHaveLength(1);
  });
});
