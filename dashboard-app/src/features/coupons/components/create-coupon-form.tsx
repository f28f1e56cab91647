import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError, messageOf } from '@/lib/api-client';
import { useCouponProducts, useCreateCoupon } from '../api/coupons';
import { couponRequest, EMPTY_COUPON_FORM, type CouponFormErrors, type CouponFormValues } from '../coupon-form';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Adds a coupon: a code, a percentage or an amount off, what it applies to (every sale, sessions, or one of the
 * creator's products), and optionally an expiry and a number of uses. Checked here by the server's rules; the
 * server's refusal (a code taken, a product not theirs) shows under the field it is about, else as a toast.
 */
export function CreateCouponForm() {
  const [values, setValues] = useState<CouponFormValues>(EMPTY_COUPON_FORM);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const create = useCreateCoupon();
  const products = useCouponProducts().data ?? [];
  const set = (field: keyof CouponFormValues, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    if (field in errors) setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = couponRequest(values, new Date());
    if ('errors' in checked) return setErrors(checked.errors);
    create.mutate(checked.request, {
      onSuccess: (coupon) => {
        setValues(EMPTY_COUPON_FORM);
        toast({ title: 'Coupon added', description: `Visitors can now use ${coupon.code}.` });
      },
      onError: (failure) => {
        const message = messageOf(failure, 'Failed to add the coupon. Please try again.');
        if (failure instanceof ApiError && failure.status === 409) setErrors({ code: message });
        else toast({ variant: 'destructive', title: 'Error', description: message });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New coupon" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Code" error={errors.code} hint="3 to 32 letters, digits, - or _">
          <Input value={values.code} maxLength={32} autoComplete="off" onChange={(event) => set('code', event.target.value)} />
        </Field>
        <Field label="Applies to">
          <select className={selectClass} value={values.appliesTo} onChange={(event) => set('appliesTo', event.target.value)}>
            <option value="all">Everything you sell</option>
            <option value="sessions">Sessions only</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Discount type">
          <select className={selectClass} value={values.kind} onChange={(event) => set('kind', event.target.value)}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off ($)</option>
          </select>
        </Field>
        <Field label={values.kind === 'percent' ? 'Percent off' : 'Amount off ($)'} error={errors.value} hint="A price never goes below $1.00.">
          <Input value={values.value} inputMode="decimal" onChange={(event) => set('value', event.target.value)} />
        </Field>
        <Field label="Expires (optional)" error={errors.expiresAt}>
          <Input type="datetime-local" value={values.expiresAt} onChange={(event) => set('expiresAt', event.target.value)} />
        </Field>
        <Field label="Maximum uses (optional)" error={errors.maxRedemptions}>
          <Input value={values.maxRedemptions} inputMode="numeric" onChange={(event) => set('maxRedemptions', event.target.value)} />
        </Field>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add coupon'}
      </Button>
    </form>
  );
}
