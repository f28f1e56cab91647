import { Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { LinkImportPreviewView } from '@linkbio/shared-contracts';

interface ImportPreviewProps {
  preview: LinkImportPreviewView;
  /** The indexes of the rows chosen to be added. */
  chosen: ReadonlySet<number>;
  onToggle: (index: number) => void;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What the plan allows, in words, with the way to Premium on the free plan. */
function PlanLine({ preview }: { preview: LinkImportPreviewView }) {
  if (preview.limit === null || preview.room === null) {
    return <p className="text-sm text-muted-foreground">Premium has no limit on links: every link found can be added.</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" data-testid="import-plan">
      <span>
        The free plan holds {preview.limit} links. You have {preview.existing}, so{' '}
        {preview.room === 0 ? 'no more fit' : `${plural(preview.room, 'more link')} ${preview.room === 1 ? 'fits' : 'fit'}`}.
      </span>
      <Link
        to="/subscribe"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
      >
        <Crown className="size-3.5" aria-hidden="true" />
        Upgrade for unlimited links
      </Link>
    </p>
  );
}

/** Each link found: its title and address, and whether it is added (a checkbox) or skipped, and why. */
export function ImportPreview({ preview, chosen, onToggle }: ImportPreviewProps) {
  const full = preview.room !== null && chosen.size >= preview.room;
  if (preview.rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border px-6 py-8 text-center" role="status">
        <p className="text-sm font-medium">No links found</p>
        <p className="mt-1 text-sm text-muted-foreground">There was nothing to import there. Check the address or the file.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <PlanLine preview={preview} />
      <ul className="grid max-h-[min(20rem,45dvh)] gap-2 overflow-y-auto pr-1" aria-label="Links found">
        {preview.rows.map((row, index) => {
          const choosable = row.outcome !== 'skip';
          const checked = chosen.has(index);
          const id = `import-row-${index}`;
          const note = checked ? 'Will be added' : row.outcome === 'add' ? 'Left out' : `Skipped: ${row.reason ?? ''}`;
          return (
            <li key={index} className="flex items-start gap-3 rounded-lg border border-border p-3" data-outcome={row.outcome}>
              {choosable ? (
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => onToggle(index)}
                  aria-describedby={`${id}-note`}
                />
              ) : (
                <span className="mt-1 size-4 shrink-0" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <label htmlFor={choosable ? id : undefined} className="block break-words text-sm font-medium">
                  {row.title || 'Untitled'}
                </label>
                <p className="break-all text-xs text-muted-foreground">{row.url || 'No address'}</p>
                <p id={`${id}-note`} className={checked ? 'text-xs font-medium text-success' : 'text-xs text-muted-foreground'}>
                  {note}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
