import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatContrastRatio } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Premium's button style: whether its text is readable (4.5:1), and saving it or going back to the theme's. */
export function ButtonStyleActions({
  problem,
  ratio,
  canSave,
  canReset,
  onSave,
  onReset,
}: {
  problem: string | null;
  ratio: number;
  canSave: boolean;
  canReset: boolean;
  onSave: () => void;
  onReset: () => void;
}) {
  return (
    <div className="space-y-3">
      <p
        id="button-contrast"
        aria-live="polite"
        className={cn(
          'flex items-start gap-2 text-sm',
          problem ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {problem ? (
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
        )}
        <span>{problem ?? `Text contrast ${formatContrastRatio(ratio)}: easy to read (4.5:1 or more).`}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onSave} disabled={!canSave} aria-describedby="button-contrast">
          Save button style
        </Button>
        <Button size="sm" variant="ghost" onClick={onReset} disabled={!canReset}>
          Use theme colors
        </Button>
      </div>
    </div>
  );
}
