import { Package, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { ProductView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useOwnedList } from '@/lib/use-owned-list';
import { deleteProduct, productsKey, updateProduct, useProducts } from '../api/products';
import { ProductDialog } from './product-dialog';
import { SortableProductList } from './sortable-product-list';

/** 'Products' (issue 27): the digital products sold from the page — add, edit, show or hide, reorder, delete. */
export function ProductsCard({ className }: { className?: string }) {
  const { data: products, isPending, isError, refetch, isRefetching } = useProducts();
  const list = useOwnedList<ProductView>(productsKey, {
    changeFailed: 'The product could not be changed. Try again.',
    deleteFailed: 'The product could not be deleted. Try again.',
    deleted: 'Product deleted',
  });
  // A key per opening, so the form starts from the product each time.
  const [editing, setEditing] = useState<{ product?: ProductView; key: number } | null>(null);

  const saved = (product: ProductView) => {
    list.put(product);
    toast({ title: editing?.product ? 'Product saved' : 'Product added' });
  };

  return (
    <Card role="region" aria-labelledby="products-card-title" className={className}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <Package className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 space-y-1">
              <CardTitle id="products-card-title">Products</CardTitle>
              <CardDescription>Sell files or private links from your page. Drag the handle to reorder.</CardDescription>
            </div>
          </div>
          <Button onClick={() => setEditing({ key: Date.now() })} className="w-full sm:w-auto">
            <Plus aria-hidden="true" /> Add Product
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div data-testid="products-skeleton" aria-hidden="true" className="grid gap-3">
            <span className="sr-only" role="status">
              Loading your products
            </span>
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        ) : isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-10 text-center">
            <p className="text-sm text-muted-foreground">We couldn't load your products.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : products.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-input px-6 py-12 text-center">
            <h3 className="text-base font-semibold">No products yet</h3>
            <p className="mt-1 text-sm text-muted-foreground">Add a guide, preset pack or recording to sell it from your page</p>
          </div>
        ) : (
          <SortableProductList
            products={products}
            onEdit={(product) => setEditing({ product, key: Date.now() })}
            onVisibleChange={(product, visible) => void list.change(product, { visible }, () => updateProduct(product.id, { visible }))}
            onDelete={(product) => void list.remove(product, () => deleteProduct(product.id))}
          />
        )}
      </CardContent>
      {editing ? (
        <ProductDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          product={editing.product}
          onSaved={saved}
        />
      ) : null}
    </Card>
  );
}
