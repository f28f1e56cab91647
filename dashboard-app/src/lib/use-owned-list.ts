import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from './api-client';

/** What a card tells the creator about its list: which thing it is, in the toasts' words. */
interface OwnedListTexts {
  /** e.g. 'The product could not be changed. Try again.' */
  changeFailed: string;
  deleteFailed: string;
  /** e.g. 'Product deleted' */
  deleted: string;
}

/**
 * The edits a dashboard card makes to a list of the creator's own things held in the query cache (products,
 * session types): a change shown at once and undone from the server's list when the call fails, a delete shown
 * once the server took it, a saved item put in place (or added at the end). Failures are toasts with the server's
 * message.
 */
export function useOwnedList<T extends { id: string }>(key: QueryKey, texts: OwnedListTexts) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const failed = (error: unknown, fallback: string) => toast({ title: messageOf(error, fallback), variant: 'destructive' });

  return {
    refresh,
    /** Shows `change` on `item` at once, then sends it; on failure the list is read again. */
    async change(item: T, change: Partial<T>, send: () => Promise<unknown>) {
      queryClient.setQueryData<T[]>(key, (all) => all?.map((each) => (each.id === item.id ? { ...each, ...change } : each)));
      try {
        await send();
      } catch (error) {
        failed(error, texts.changeFailed);
        await refresh();
      }
    },
    /** Deletes `item` at the server, then from the list. */
    async remove(item: T, send: () => Promise<unknown>) {
      try {
        await send();
        queryClient.setQueryData<T[]>(key, (all) => all?.filter((each) => each.id !== item.id));
        toast({ title: texts.deleted });
      } catch (error) {
        failed(error, texts.deleteFailed);
        await refresh();
      }
    },
    /** The item as the server saved it: in its place, or at the end when new. */
    put(item: T) {
      queryClient.setQueryData<T[]>(key, (all) =>
        all?.some((each) => each.id === item.id) ? all.map((each) => (each.id === item.id ? item : each)) : [...(all ?? []), item],
      );
    },
  };
}
