import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { sanitizeUsernameInput } from '@linkbio/shared-contracts';
import { PageLayout } from '@/components/layout/page-layout';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/lib/use-document-title';

type AuthTab = 'login' | 'register';

/**
 * /auth: the 'Get Started' card with the Sign In and Sign Up tabs (spec §2). ?username= (from the claim box, or
 * a link someone shared) prefills the sign-up username, cleaned as the claim box cleans what is typed, and opens
 * that tab. Someone already signed in goes on to the dashboard.
 */
export function AuthPage() {
  useDocumentTitle('Get Started');
  const [searchParams] = useSearchParams();
  const claimedUsername = sanitizeUsernameInput(searchParams.get('username') ?? '');
  // ?tab=signup: a link to create a page (the landing's footer) opens the Sign Up tab.
  const [tab, setTab] = useState<AuthTab>(claimedUsername || searchParams.get('tab') === 'signup' ? 'register' : 'login');
  const { data: user } = useCurrentUser();

  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <PageLayout>
      <div className="bg-gradient-to-b from-accent to-background px-4 py-10 sm:py-16">
        <Card className="mx-auto w-full max-w-md shadow-lg">
          <CardHeader className="items-center text-center">
            <h1 className="text-2xl font-bold tracking-tight">Get Started</h1>
            <CardDescription>Sign in to manage your page, or create one for free.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <TabsList aria-label="Sign in or create an account">
                <TabsTrigger value="login">Sign In</TabsTrigger>
                <TabsTrigger value="register">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="mt-6 rounded-md">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="mt-6 rounded-md">
                <RegisterForm initialUsername={claimedUsername} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
