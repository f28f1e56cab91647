import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ImportLinksDialog } from './import-links-dialog';

/** The links card's 'Import' button and the dialog it opens. */
export function ImportLinksButton({ onChanged }: { onChanged?: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} variant="outline" onClick={() => setOpen(true)} className="w-full sm:ml-auto sm:w-auto">
        <Upload aria-hidden="true" /> Import
      </Button>
      <ImportLinksDialog open={open} onOpenChange={setOpen} onChanged={onChanged} returnFocusTo={button} />
    </>
  );
}
