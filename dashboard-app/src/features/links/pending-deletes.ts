import { create } from 'zustand';
import { toast, useToastStore } from '@/components/ui/toast-store';

/**
 * Deleting a link with Undo: the row goes from the list at once and the toast offers Undo for a few seconds;
 * only then is the DELETE sent. Nothing is lost on the way: leaving or reloading the page sends what is
 * pending with `keepalive` (the browser finishes the request after the page is gone), and anything that
 * needs the server's list to be exact (a reorder, a new link against the free plan's limit) sends it first.
 * Kept outside the rows, which unmount as soon as they are hidden.
 */

export const UNDO_SECONDS = 6;
const UNDO_MS = UNDO_SECONDS * 1000;

interface PendingDelete {
  timer: ReturnType<typeof setTimeout>;
  toastId: number;
  /** Sends the DELETE and refreshes what shows the links; the row stays hidden until it is done. */
  commit: () => Promise<void>;
}

const pending = new Map<string, PendingDelete>();

/** The ids of the links deleted but not yet sent: the list leaves them out. */
export const usePendingDeletes = create<{ ids: ReadonlySet<string> }>()(() => ({ ids: new Set<string>() }));
const publish = () => usePendingDeletes.setState({ ids: new Set(pending.keys()) });

async function send(id: string): Promise<void> {
  const entry = pending.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  try {
    await entry.commit();
  } finally {
    pending.delete(id);
    publish();
  }
}

/** Hides the link now and deletes it in UNDO_SECONDS unless the creator undoes it from the toast. */
export function deleteWithUndo(link: { id: string; title: string }, commit: () => Promise<void>): void {
  if (pending.has(link.id)) return;
  const entry: PendingDelete = { timer: setTimeout(() => void send(link.id), UNDO_MS), toastId: 0, commit };
  pending.set(link.id, entry);
  publish();
  entry.toastId = toast({
    title: 'Link deleted',
    description: `“${link.title}” is off your page. Undo within ${UNDO_SECONDS} seconds to keep it.`,
    duration: UNDO_MS,
    action: { label: 'Undo', altText: `Undo deleting ${link.title}`, onAction: () => undoDelete(link.id) },
  });
}

/** Keeps the link: nothing was sent, so it is back as it was, clicks and all. */
export function undoDelete(id: string): boolean {
  const entry = pending.get(id);
  if (!entry) return false;
  clearTimeout(entry.timer);
  pending.delete(id);
  publish();
  toast({ title: 'Link restored' });
  return true;
}

/** Sends every pending delete now (their Undo ends): before a call that needs the server's list exact. */
export async function sendPendingDeletes(): Promise<void> {
  const ids = [...pending.keys()];
  for (const id of ids) useToastStore.getState().dismiss(pending.get(id)!.toastId);
  await Promise.allSettled(ids.map(send));
}

/** The page is going away (closed, reloaded, another site): the browser sends these after it is gone. */
function sendOnLeave(): void {
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    void fetch(`/api/links/${encodeURIComponent(id)}`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  }
  pending.clear();
  publish();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', sendOnLeave);

/** For specs: what a page leaving does. */
export const leavePage = sendOnLeave;
