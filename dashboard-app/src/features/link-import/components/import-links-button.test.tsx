import { screen, waitFor, within } from '@testing-library/react';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { ImportLinksButton } from './import-links-button';

describe('ImportLinksButton', () => {
  it('opens the import dialog, and focus comes back to it when the dialog closes', async () => {
    stubApi({});
    const { user } = renderDashboard(<ImportLinksButton />);
    const button = screen.getByRole('button', { name: 'Import' });

    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Import links' });
    expect(within(dialog).getByRole('tab', { name: 'Linktree', selected: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
