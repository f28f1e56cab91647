import { GripVertical, Package, Pencil, Trash2 } from 'lucide-react';
import { forwardRef, useState, type CSSProperties, type HTMLAttributes } from 'react';
import type { ProductView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Switch } from '@/components/ui/switch';
import { productPriceLabel } from '../price';

export const DELETE_PRODUCT_CONFIRMATION = 'Are you sure you want to delete this product? Its file and cover go with it.';

interface ProductRowProps {
  product: ProductView;
  style?: CSSProperties;
  isDragging?: boolean;
  handle: { ref: (element: HTMLElement | null) => void; props: HTMLAttributes<HTMLElement> };
  onEdit: () => void;
  onVisibleChange: (visible: boolean) => void;
  onDelete: () => void;
}

/** One product: drag handle, cover, title and price, the visible switch, edit and delete (with a confirm). */
export const ProductRow = forwardRef<HTMLLIElement, ProductRowProps>(function ProductRow(
  { product, style, isDragging, handle, onEdit, onVisibleChange, onDelete },
  ref,
) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      ref={ref}
      style={style}
      data-testid="product-row"
      className={`flex items-center gap-3 rounded-xl border border-border bg-card p-3 sm:px-4 ${isDragging ? 'shadow-lg' : ''}`}
    >
      <button
        type="button"
        ref={handle.ref}
        {...handle.props}
        aria-label={`Reorder ${product.title}`}
        className="cursor-grab touch-none rounded text-muted-foreground"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      {product.coverURL ? (
        <img src={product.coverURL} alt="" width={44} height={44} className="size-11 rounded-lg object-cover" />
      ) : (
        <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
          <Package className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{product.title}</p>
        <p className="text-sm text-muted-foreground">
          {productPriceLabel(product)}
          {!product.file && !product.privateUrl ? ' · Nothing to deliver yet' : ''}
        </p>
      </div>
      <Switch checked={product.visible} onCheckedChange={onVisibleChange} aria-label={`Show ${product.title} on my page`} />
      <Button type="button" variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${product.title}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" size="icon" onClick={() => setConfirming(true)} aria-label={`Delete ${product.title}`}>
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDeleteDialog
        name={product.title}
        description={DELETE_PRODUCT_CONFIRMATION}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onDelete}
      />
    </li>
  );
});
