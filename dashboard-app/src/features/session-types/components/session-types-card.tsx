import { Layers, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { SessionTypeView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useOwnedList } from '@/lib/use-owned-list';
import { deleteSessionType, sessionTypesKey, updateSessionType, useSessionTypes } from '../api/session-types';
import { SessionTypeDialog } from './session-type-dialog';
import { SortableSessionTypeList } from './sortable-session-type-list';

/**
 * 'Session types': the kinds of session visitors can book, each with its own length, price, place and questions —
 * add, edit, switch on or off, reorder, delete. A creator who already sold sessions finds that offer here first.
 */
export function SessionTypesCard({ className }: { className?: string }) {
  const { data: types, isPending, isError, refetch, isRefetching } = useSessionTypes();
  const list = useOwnedList<SessionTypeView>(sessionTypesKey, {
    changeFailed: 'The session type could not be changed. Try again.',
    deleteFailed: 'The session type could not be deleted. Try again.',
    deleted: 'Session type deleted',
  });
  // A key per opening, so the form starts from the type each time.
  const [editing, setEditing] = useState<{ type?: SessionTypeView; key: number } | null>(null);

  const saved = (type: SessionTypeView) => {
    list.put(type);
    // Adding the first type may have stored the creator's earlier offer before it.
    if (!editing?.type) void list.refresh();
    toast({ title: editing?.type ? 'Session type saved' : 'Session type added' });
  };

  return (
    <SettingsCard
      id="session-types"
      icon={Layers}
      title="Session types"
      description="The kinds of session visitors can book, each with its own length, price and place. Drag or use the arrows to reorder."
      className={className}
    >
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing({ key: Date.now() })} className="w-full sm:w-auto">
          <Plus aria-hidden="true" /> Add Session Type
        </Button>
      </div>
      {isPending ? (
        <div data-testid="session-types-skeleton" aria-hidden="true" className="grid gap-3">
          <span className="sr-only" role="status">
            Loading your session types
          </span>
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-16 w-full" />
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-10 text-center">
          <p className="text-sm text-muted-foreground">We couldn't load your session types.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
            <RotateCw aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : types.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-input px-6 py-12 text-center">
          <h3 className="text-base font-semibold">No session types yet</h3>
          <p className="mt-1 text-sm text-muted-foreground">Add an intro call, a deep dive or an in-person session, each with its own price</p>
        </div>
      ) : (
        <SortableSessionTypeList
          types={types}
          onEdit={(type) => setEditing({ type, key: Date.now() })}
          onEnabledChange={(type, enabled) => void list.change(type, { enabled }, () => updateSessionType(type.id, { enabled }))}
          onDelete={(type) => void list.remove(type, () => deleteSessionType(type.id))}
        />
      )}
      {editing ? (
        <SessionTypeDialog key={editing.key} open onOpenChange={(open) => !open && setEditing(null)} type={editing.type} onSaved={saved} />
      ) : null}
    </SettingsCard>
  );
}
