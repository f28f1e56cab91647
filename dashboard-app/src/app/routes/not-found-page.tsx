import { Link } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <PageLayout>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for doesn't exist or has moved.</p>
        <Button asChild>
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </PageLayout>
  );
}
