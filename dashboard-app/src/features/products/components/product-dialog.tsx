import { useState, type FormEvent } from 'react';
import type { ProductView } from '@linkbio/shared-contracts';
import { PRODUCT_PRICE_MAX_CENTS, PRODUCT_PRICE_MIN_CENTS, PRODUCT_FILE_MAX_BYTES } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { messageOf } from '@/lib/api-client';
import { createProduct, updateProduct, uploadCover, uploadProductFile, type ProductInput } from '../api/products';
import { centsToDollars, dollarsToCents, fileSize } from '../price';

interface ProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; absent: a new one. */
  product?: ProductView;
  onSaved: (product: ProductView) => void;
}

type Errors = Partial<Record<'title' | 'price' | 'delivery' | 'form', string>>;

const priceError = 'Enter an amount between $1.00 and $10,000.00';

/** Add or edit a product: title, description, price or pay-what-you-want, cover, and the file or private URL. */
export function ProductDialog({ open, onOpenChange, product, onSaved }: ProductDialogProps) {
  const [title, setTitle] = useState(product?.title ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [payWhatYouWant, setPayWhatYouWant] = useState(product ? product.minPriceCents !== null : false);
  const [amount, setAmount] = useState(() => {
    const cents = product?.priceCents ?? product?.minPriceCents;
    return cents ? centsToDollars(cents) : '';
  });
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const [deliverBy, setDeliverBy] = useState<'file' | 'url'>(product?.privateUrl ? 'url' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [privateUrl, setPrivateUrl] = useState(product?.privateUrl ?? '');
  const [visible, setVisible] = useState(product?.visible ?? true);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const check = (): Errors => {
    const found: Errors = {};
    if (!title.trim()) found.title = 'Title is required';
    const cents = dollarsToCents(amount);
    if (cents === null || cents < PRODUCT_PRICE_MIN_CENTS || cents > PRODUCT_PRICE_MAX_CENTS) found.price = priceError;
    if (deliverBy === 'url' && !/^https:\/\/\S+\.\S+/i.test(privateUrl.trim())) found.delivery = 'The private URL must be an https:// address';
    if (deliverBy === 'file' && file && file.size > PRODUCT_FILE_MAX_BYTES) found.delivery = 'The file must be 250 MB or smaller';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const cents = dollarsToCents(amount)!;
      const input: ProductInput = {
        title: title.trim(),
        description,
        ...(payWhatYouWant ? { minPriceCents: cents, priceCents: null } : { priceCents: cents, minPriceCents: null }),
        visible,
      };
      if (cover) input.coverURL = await uploadCover(cover);
      else if (removeCover && product?.coverURL) input.coverURL = null;
      if (deliverBy === 'file' && file) {
        setProgress(0);
        input.fileURL = await uploadProductFile(file, setProgress);
        input.fileName = file.name;
      } else if (deliverBy === 'url' && privateUrl.trim() !== (product?.privateUrl ?? '')) {
        input.privateUrl = privateUrl.trim();
      }
      const saved = product ? await updateProduct(product.id, input) : await createProduct(input);
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      setErrors({ form: messageOf(error, error instanceof Error ? error.message : 'The product could not be saved. Try again.') });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>Sell a file or a private link from your page.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Title" error={errors.title}>
            <Input value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
          </Field>
          <Field label="Description" hint="Plain text; line breaks are kept.">
            <Textarea value={description} maxLength={5000} rows={4} onChange={(event) => setDescription(event.target.value)} />
          </Field>
          <div className="flex items-center gap-3">
            <Switch id="product-pwyw" checked={payWhatYouWant} onCheckedChange={setPayWhatYouWant} />
            <Label htmlFor="product-pwyw">Pay what you want</Label>
          </div>
          <Field label={payWhatYouWant ? 'Minimum price (USD)' : 'Price (USD)'} error={errors.price}>
            <Input inputMode="decimal" placeholder="12.00" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label="Cover image" hint={product?.coverURL && !removeCover ? 'Choose a new image to replace the cover.' : 'JPEG, PNG, WebP or GIF.'}>
            <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(event) => setCover(event.target.files?.[0] ?? null)} />
          </Field>
          {product?.coverURL && !cover ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setRemoveCover(!removeCover)}>
              {removeCover ? 'Keep the cover' : 'Remove the cover'}
            </Button>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">What the buyer gets</legend>
            <div className="flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="deliver" checked={deliverBy === 'file'} onChange={() => setDeliverBy('file')} /> A file
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="deliver" checked={deliverBy === 'url'} onChange={() => setDeliverBy('url')} /> A private URL
              </label>
            </div>
            {deliverBy === 'file' ? (
              <Field
                label="File"
                error={errors.delivery}
                hint={product?.file && !file ? `Now: ${product.file.name} (${fileSize(product.file.size)})` : 'Up to 250 MB: PDF, ZIP, EPUB, audio, video, images or text.'}
              >
                <Input type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
              </Field>
            ) : (
              <Field label="Private URL" error={errors.delivery} hint="Shown to buyers only after they pay.">
                <Input type="url" placeholder="https://" value={privateUrl} onChange={(event) => setPrivateUrl(event.target.value)} />
              </Field>
            )}
            {progress !== null ? (
              <div role="progressbar" aria-label="Uploading the file" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
                <div className="h-2 rounded-full bg-muted">
                  <div className="h-2 rounded-full bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} />
                </div>
                <p className="mt-1 text-xs text-muted-foreground">Uploading… {Math.round(progress * 100)}%</p>
              </div>
            ) : null}
          </fieldset>
          <div className="flex items-center gap-3">
            <Switch id="product-visible" checked={visible} onCheckedChange={setVisible} />
            <Label htmlFor="product-visible">Show on my page</Label>
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : product ? 'Save' : 'Add Product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
