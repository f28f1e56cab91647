import { deleteWithUndo, sendPendingDeletes, undoDelete, usePendingDeletes } from './pending-deletes';

describe('pending deletes', () => {
  it('sends a pending delete at once when asked (before signing out, a reorder or a new link), and it can no longer be undone', async () => {
    const commit = vi.fn(async () => undefined);
    deleteWithUndo({ id: 'a', title: 'Old' }, commit);
    expect(usePendingDeletes.getState().ids.has('a')).toBe(true);

    await sendPendingDeletes();

    expect(commit).toHaveBeenCalledTimes(1);
    expect(usePendingDeletes.getState().ids.size).toBe(0);
    expect(undoDelete('a')).toBe(false);
  });

  it('sends nothing for an undone delete', async () => {
    const commit = vi.fn(async () => undefined);
    deleteWithUndo({ id: 'b', title: 'Kept' }, commit);

    expect(undoDelete('b')).toBe(true);
    await sendPendingDeletes();

    expect(commit).not.toHaveBeenCalled();
  });
});
