import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** The card form's place while the provider's form loads: its button shown, disabled. */
export function CardFormLoading({ submitLabel }: { submitLabel: string }) {
  return (
    <div role="status" aria-label="Loading the card form" className="space-y-4">
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Button size="lg" className="w-full" disabled>
        <Lock aria-hidden="true" />
        {submitLabel}
      </Button>
    </div>
  );
}
