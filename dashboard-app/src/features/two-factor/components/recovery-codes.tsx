import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { RecoveryCodesView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { saveFile } from '@/lib/save-file';

const FILENAME = 'linkbio-recovery-codes.txt';

/**
 * The recovery codes, shown this one time: copy them, download them as a .txt file, then say they are saved.
 * Focus moves to the list so a screen reader reads them first.
 */
export function RecoveryCodes({ view, onDone }: { view: RecoveryCodesView; onDone: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = `${view.recoveryCodes.join('\n')}\n`;

  useEffect(() => headingRef.current?.focus(), []);

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div className="flex flex-1 flex-col gap-4">
      <Notice variant="success">{view.message}</Notice>
      <h3 ref={headingRef} tabIndex={-1} className="text-sm font-semibold focus-visible:outline-none">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-border bg-muted p-4 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {view.recoveryCodes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      {copy === 'failed' ? (
        <Notice variant="error">Copying did not work here. Download the codes or write them down.</Notice>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copyCodes()} className="w-full sm:w-auto">
          {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copy === 'copied' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="outline"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), FILENAME)}
          className="w-full sm:w-auto"
        >
          <Download aria-hidden="true" />
          Download .txt
        </Button>
      </div>
      <div className="mt-auto flex justify-end pt-2">
        <Button onClick={onDone} className="w-full sm:w-auto">
          I have saved them
        </Button>
      </div>
    </div>
  );
}
