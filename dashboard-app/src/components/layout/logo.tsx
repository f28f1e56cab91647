import { Link2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The mark and the name; `compact` keeps the name for screen readers only on the narrowest phones (under 360 px). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Link2 className="size-5" aria-hidden="true" />
      </span>
      <span className={cn(compact && 'max-[359px]:sr-only')}>Linkbio</span>
    </span>
  );
}
