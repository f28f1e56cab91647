import { Download, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { QR_CODE_PNG, QR_CODE_SVG, useQrCode } from '../api/get-qr-code';

const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

/** The code as the server draws it, and the URL it opens, which is asked for only once the dialog is open. */
function QrCodePreview() {
  const qrCode = useQrCode();
  const [imageFailed, setImageFailed] = useState(false);
  const url = qrCode.data?.url;

  return (
    <figure className="grid justify-items-center gap-3">
      {imageFailed ? (
        <p
          role="alert"
          className="grid size-56 place-items-center rounded-md border border-border p-4 text-center text-sm"
        >
          The QR code could not be loaded. Please try again.
        </p>
      ) : (
        <img
          src={QR_CODE_SVG}
          alt={url ? `QR code for ${withoutScheme(url)}` : 'QR code for your page'}
          width={224}
          height={224}
          className="size-56 rounded-md border border-border bg-white"
          onError={() => setImageFailed(true)}
        />
      )}
      <figcaption className="w-full text-center text-sm text-muted-foreground">
        {url ? (
          <>
            Opens{' '}
            <span className="break-all font-medium text-foreground" data-testid="qr-code-url">
              {url}
            </span>
          </>
        ) : qrCode.isError ? (
          'The address this code opens could not be loaded.'
        ) : (
          <>
            <span className="sr-only">Loading the address this code opens</span>
            <Skeleton className="mx-auto h-4 w-48" />
          </>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * The dashboard header's 'QR code' button: a dialog with the code of the creator's public page and its SVG
 * (print) and PNG (posts, chats) downloads, drawn by the server.
 */
export function QrCodeButton({ username, className }: { username: string; className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <QrCode aria-hidden="true" /> QR code
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>QR code</DialogTitle>
          <DialogDescription>
            Scanning it opens your page. SVG stays sharp in print; PNG suits posts and chats.
          </DialogDescription>
        </DialogHeader>
        <QrCodePreview />
        <DialogFooter>
          <Button asChild variant="outline">
            <a href={QR_CODE_SVG} download={`linkbio-${username}-qr.svg`}>
              <Download aria-hidden="true" /> Download SVG
            </a>
          </Button>
          <Button asChild>
            <a href={QR_CODE_PNG} download={`linkbio-${username}-qr.png`}>
              <Download aria-hidden="true" /> Download PNG
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
