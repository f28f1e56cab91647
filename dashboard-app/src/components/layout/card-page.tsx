import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageLayout } from './page-layout';

interface CardPageProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** One card in the middle of the page under the navigation bar, as the sign-in screen is drawn. */
export function CardPage({ title, description, children }: CardPageProps) {
  return (
    <PageLayout>
      <div className="bg-gradient-to-b from-accent to-background px-4 py-10 sm:py-16">
        <Card className="mx-auto w-full max-w-md shadow-lg">
          <CardHeader className="items-center text-center">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
