import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface SettingsCardProps {
  id: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Shown at the right of the title, e.g. a saving indicator. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A dashboard settings card: icon tile, title and description, then its content; a named region. */
export function SettingsCard({ id, icon: Icon, title, description, aside, children, className }: SettingsCardProps) {
  const titleId = `${id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex items-center justify-between gap-2">
              <CardTitle id={titleId}>{title}</CardTitle>
              {aside}
            </div>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">{children}</CardContent>
    </Card>
  );
}
