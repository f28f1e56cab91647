import { useState, type FormEvent, type RefObject } from 'react';
import { LINK_IMPORT_MAX_BYTES, LinkImportMessages, type LinkImportPreviewView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { useConfirmImport, usePreviewImport, type ImportSourceInput } from '../api/import-links';
import { ImportPreview } from './import-preview';

type Source = ImportSourceInput['source'];

interface ImportLinksDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what depends on the links (the analytics) after an import. */
  onChanged?: () => Promise<unknown>;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const FILE_TYPES: Record<Exclude<Source, 'linktree'>, { label: string; accept: string; hint: string }> = {
  csv: { label: 'CSV file to import', accept: '.csv,text/csv', hint: 'A title and a URL on each line (title,url). Up to 2 MB.' },
  bookmarks: {
    label: 'Bookmarks file to import',
    accept: '.html,.htm,text/html',
    hint: 'The bookmarks file your browser exports (Bookmarks › Export). Up to 2 MB.',
  },
};

/** The rows chosen at first: every row the import would add. */
const initiallyChosen = (preview: LinkImportPreviewView) =>
  new Set(preview.rows.flatMap((row, index) => (row.outcome === 'add' ? [index] : [])));

/**
 * Import links from a Linktree address, a CSV file or a browser's bookmarks file: the server reads the source
 * and answers what would be added and what is skipped and why; the creator keeps the rows they want, then
 * confirms, and the links go after their current ones.
 */
export function ImportLinksDialog({ open, onOpenChange, onChanged, returnFocusTo }: ImportLinksDialogProps) {
  const previewing = usePreviewImport();
  const confirming = useConfirmImport(onChanged);
  const [source, setSource] = useState<Source>('linktree');
  const [address, setAddress] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputError, setInputError] = useState<string | undefined>();
  const [preview, setPreview] = useState<LinkImportPreviewView | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const busy = previewing.isPending || confirming.isPending;

  const reset = () => {
    setAddress('');
    setFile(null);
    setInputError(undefined);
    setPreview(null);
    setChosen(new Set());
    setError(null);
    previewing.reset();
    confirming.reset();
  };

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const changeSource = (next: string) => {
    setSource(next as Source);
    setFile(null);
    setInputError(undefined);
    setError(null);
  };

  const read = async (): Promise<ImportSourceInput | null> => {
    if (source === 'linktree') {
      if (address.trim() === '') return setInputError(LinkImportMessages.addressRequired), null;
      return { source, address: address.trim() };
    }
    if (!file) return setInputError(LinkImportMessages.contentRequired), null;
    if (file.size > LINK_IMPORT_MAX_BYTES) return setInputError(LinkImportMessages.fileTooLarge), null;
    return { source, content: await file.text() };
  };

  const submitSource = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInputError(undefined);
    setError(null);
    const input = await read();
    if (!input) return;
    previewing.mutate(input, {
      onSuccess: (answer) => {
        setPreview(answer);
        setChosen(initiallyChosen(answer));
      },
      onError: (failure) => setError({ message: messageOf(failure, 'Those links could not be read. Try again.'), upgrade: false }),
    });
  };

  const toggle = (index: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const confirm = () => {
    if (!preview) return;
    setError(null);
    const rows = [...chosen].sort((a, b) => a - b).map((index) => ({ title: preview.rows[index]!.title, url: preview.rows[index]!.url }));
    confirming.mutate(rows, {
      onSuccess: () => {
        reset();
        onOpenChange(false);
        toast({ title: 'Links imported', description: `${rows.length} ${rows.length === 1 ? 'link was' : 'links were'} added after your links.` });
      },
      onError: (failure) =>
        setError({
          message: messageOf(failure, 'The links could not be imported. Try again.'),
          upgrade: failure instanceof ApiError && failure.status === 403,
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import links</DialogTitle>
          <DialogDescription>
            {preview
              ? 'Choose the links to add. They go after your current links, in this order.'
              : 'Bring your links from Linktree, a spreadsheet or your browser. You see what will be added before anything changes.'}
          </DialogDescription>
        </DialogHeader>

        {preview ? (
          <div className="grid gap-4">
            <ImportPreview preview={preview} chosen={chosen} onToggle={toggle} />
            {error ? error.upgrade ? <UpgradeNotice message={error.message} /> : <Notice variant="error">{error.message}</Notice> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => (setPreview(null), setError(null))} disabled={busy}>
                Back
              </Button>
              <Button type="button" onClick={confirm} disabled={busy || chosen.size === 0}>
                {confirming.isPending ? 'Importing...' : `Import ${chosen.size} ${chosen.size === 1 ? 'link' : 'links'}`}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void submitSource(event)} className="grid gap-4">
            <Tabs value={source} onValueChange={changeSource}>
              <TabsList className="grid-cols-3" aria-label="Import from">
                <TabsTrigger value="linktree">Linktree</TabsTrigger>
                <TabsTrigger value="csv">CSV file</TabsTrigger>
                <TabsTrigger value="bookmarks">Bookmarks</TabsTrigger>
              </TabsList>
              <TabsContent value="linktree">
                <Field
                  label="Linktree address"
                  error={inputError}
                  hint="Your public Linktree page. We read it once; Linktree may change its pages, so this is best effort."
                >
                  <Input
                    name="address"
                    type="url"
                    inputMode="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="https://linktr.ee/yourname"
                    value={address}
                    onChange={(event) => setAddress(event.target.value)}
                    readOnly={busy}
                  />
                </Field>
              </TabsContent>
              {(['csv', 'bookmarks'] as const).map((kind) => (
                <TabsContent key={kind} value={kind}>
                  <Field label={FILE_TYPES[kind].label} error={inputError} hint={FILE_TYPES[kind].hint}>
                    <Input
                      name={`${kind}-file`}
                      type="file"
                      accept={FILE_TYPES[kind].accept}
                      onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                      disabled={busy}
                    />
                  </Field>
                </TabsContent>
              ))}
            </Tabs>
            {error ? <Notice variant="error">{error.message}</Notice> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {previewing.isPending ? 'Reading...' : 'Preview'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
