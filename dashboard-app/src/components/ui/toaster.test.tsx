import { act, screen, waitFor } from '@testing-library/react';
import { renderDashboard } from '@/test/render-dashboard';
import { toast } from './toast-store';

const at = (element: HTMLElement, top: number, bottom: number) =>
  vi
    .spyOn(element, 'getBoundingClientRect')
    .mockReturnValue(DOMRect.fromRect({ x: 0, y: top, width: 300, height: bottom - top }));

const column = () => document.querySelector<HTMLElement>('[data-edge]')!;

describe('Toaster', () => {
  it('shows toasts at the bottom, away from a control near the top', async () => {
    renderDashboard(<input aria-label="Title" />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    at(input, 40, 80);
    at(column(), 0, 120);
    input.focus();

    act(() => void toast({ variant: 'destructive', title: 'Error', description: 'Failed to add link' }));

    expect(await screen.findByText('Failed to add link')).toBeInTheDocument();
    expect(column()).toHaveAttribute('data-edge', 'bottom');
    expect(column()).toHaveClass('bottom-0');
  });

  it('moves them to the top when at the bottom they would cover the focused control, and back when it moves on', async () => {
    renderDashboard(
      <>
        <input aria-label="Card number" />
        <input aria-label="Name" />
      </>,
    );
    const cardNumber = screen.getByRole('textbox', { name: 'Card number' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    at(cardNumber, window.innerHeight - 60, window.innerHeight - 14);
    at(name, 40, 80);
    at(column(), 0, 120); // the toasts' column: 120 px tall, as wide as the controls
    cardNumber.focus();

    act(() => void toast({ variant: 'destructive', title: 'Payment Failed', description: 'Your card was declined.' }));

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(column()).toHaveAttribute('data-edge', 'top');
    expect(column()).toHaveClass('top-0');
    expect(column()).not.toHaveClass('bottom-0');

    act(() => name.focus());
    await waitFor(() => expect(column()).toHaveAttribute('data-edge', 'bottom'));
  });
});
