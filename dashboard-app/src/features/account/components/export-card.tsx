import { Download, FileJson } from 'lucide-react';
import { useState } from 'react';
import { EXPORTS_PER_HOUR } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useExportData } from '../api/export-data';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

/** Download your data: one JSON file with everything the product keeps about the account. */
export function ExportCard({ className }: { className?: string }) {
  const exportData = useExportData();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const download = () => {
    if (exportData.isPending) return;
    setOutcome(null);
    exportData.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        setOutcome({ variant: 'success', message: `Your data is downloading as ${filename}.` });
      },
      onError: (error) =>
        setOutcome({
          variant: 'error',
          message: messageOf(error, 'Your data could not be downloaded. Please try again.'),
        }),
    });
  };

  return (
    <SettingsCard
      className={className}
      id="account-export"
      icon={FileJson}
      title="Your data"
      description="Everything we keep about your account, as one JSON file: profile, links, analytics, bookings and payouts."
    >
      <div className="flex flex-1 flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Your password is never part of it. You can download it up to {EXPORTS_PER_HOUR} times an hour.
        </p>
        {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button variant="outline" className="w-full sm:w-auto" disabled={exportData.isPending} onClick={download}>
            <Download aria-hidden="true" />
            {exportData.isPending ? 'Preparing...' : 'Download your data'}
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
