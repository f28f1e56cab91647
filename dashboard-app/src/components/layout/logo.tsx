import { Link2 } from 'lucide-react';

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Link2 className="size-5" aria-hidden="true" />
      </span>
      Linkbio
    </span>
  );
}
