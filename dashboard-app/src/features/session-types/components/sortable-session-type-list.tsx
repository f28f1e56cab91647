import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { SessionTypeView } from '@linkbio/shared-contracts';
import { useReorderSessionTypes } from '../api/session-types';
import { SessionTypeRow } from './session-type-row';

interface Actions {
  onEdit: (type: SessionTypeView) => void;
  onEnabledChange: (type: SessionTypeView, enabled: boolean) => void;
  onDelete: (type: SessionTypeView) => void;
}

function SortableSessionTypeRow({ type, onMove, ...actions }: { type: SessionTypeView; onMove: { up?: () => void; down?: () => void } } & Actions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: type.id });
  return (
    <SessionTypeRow
      ref={setNodeRef}
      type={type}
      isDragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
      onMoveUp={onMove.up}
      onMoveDown={onMove.down}
      onEdit={() => actions.onEdit(type)}
      onEnabledChange={(enabled) => actions.onEnabledChange(type, enabled)}
      onDelete={() => actions.onDelete(type)}
    />
  );
}

/**
 * The types in their order, reorderable by dragging (mouse, touch on the handle, keyboard) or with the up and
 * down buttons; each change saves the whole order in one call.
 */
export function SortableSessionTypeList({ types, ...actions }: { types: SessionTypeView[] } & Actions) {
  const reorder = useReorderSessionTypes();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = types.map((type) => type.id);
  const move = (from: number, to: number) => reorder.mutate(arrayMove(ids, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-3" aria-label="Your session types">
          {types.map((type, index) => (
            <SortableSessionTypeRow
              key={type.id}
              type={type}
              onMove={{
                up: index > 0 ? () => move(index, index - 1) : undefined,
                down: index < types.length - 1 ? () => move(index, index + 1) : undefined,
              }}
              {...actions}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
