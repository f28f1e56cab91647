import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import type { LinkView } from '@linkbio/shared-contracts';
import { useReorderLinks } from '../api/reorder-links';
import { LinkRow } from './link-row';

interface SortableLinkListProps {
  links: LinkView[];
  onChanged?: () => Promise<unknown>;
  isPremium?: boolean;
}

function SortableLinkRow({
  link,
  onChanged,
  isPremium,
}: {
  link: LinkView;
  onChanged?: () => Promise<unknown>;
  isPremium?: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: link.id,
  });
  return (
    <LinkRow
      ref={setNodeRef}
      link={link}
      onChanged={onChanged}
      isPremium={isPremium}
      isDragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
    />
  );
}

const INSTRUCTIONS =
  'To reorder a link, press space or enter on its handle, move it with the up and down arrow keys, ' +
  'then press space or enter again to drop it. Press escape to cancel.';

/**
 * The links in display order, reorderable by mouse, touch (on the handle) and keyboard. A drop shows the new
 * order at once and saves it with one call; a failure brings back the stored order (spec §4, §8).
 */
export function SortableLinkList({ links, onChanged, isPremium = false }: SortableLinkListProps) {
  const reorder = useReorderLinks();
  /** The order just dropped, shown until the save settles, so the list never jumps back for a frame. */
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const shown = pendingOrder
    ? [...links].sort((a, b) => pendingOrder.indexOf(a.id) - pendingOrder.indexOf(b.id))
    : links;
  const ids = shown.map((link) => link.id);
  const titleOf = (id: UniqueIdentifier) => shown.find((link) => link.id === id)?.title ?? 'Link';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is at position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${titleOf(active.id)} is back in its place.`,
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setPendingOrder(next);
    reorder.mutate(next, { onSettled: () => setPendingOrder(null) });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Your links">
          {shown.map((link) => (
            <SortableLinkRow key={link.id} link={link} onChanged={onChanged} isPremium={isPremium} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
