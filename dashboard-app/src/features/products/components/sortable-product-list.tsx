import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ProductView } from '@linkbio/shared-contracts';
import { useReorderProducts } from '../api/products';
import { ProductRow } from './product-row';

interface Actions {
  onEdit: (product: ProductView) => void;
  onVisibleChange: (product: ProductView, visible: boolean) => void;
  onDelete: (product: ProductView) => void;
}

function SortableProductRow({ product, ...actions }: { product: ProductView } & Actions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: product.id });
  return (
    <ProductRow
      ref={setNodeRef}
      product={product}
      isDragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
      onEdit={() => actions.onEdit(product)}
      onVisibleChange={(visible) => actions.onVisibleChange(product, visible)}
      onDelete={() => actions.onDelete(product)}
    />
  );
}

/** The products in their order, reorderable by mouse, touch (on the handle) and keyboard, saved with one call. */
export function SortableProductList({ products, ...actions }: { products: ProductView[] } & Actions) {
  const reorder = useReorderProducts();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = products.map((product) => product.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder.mutate(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-3" aria-label="Your products">
          {products.map((product) => (
            <SortableProductRow key={product.id} product={product} {...actions} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
