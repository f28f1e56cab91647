import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says what could not be loaded and tries again on request', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed what="your sales" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load your sales.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('holds the button while the retry is on its way', () => {
    render(<LoadFailed what="your payouts" onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });
});
