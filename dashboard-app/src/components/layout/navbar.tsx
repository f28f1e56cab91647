import { LayoutDashboard, LifeBuoy, LogOut, UserCog, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useLogout } from '@/features/auth/api/session';
import { sendPendingDeletes } from '@/features/links/pending-deletes';
import { SupportDialog } from '@/features/support/components/support-dialog';
import { Logo } from './logo';

/** The navigation bar of every page that uses it (spec §2), with the way to the account page when signed in. */
export function Navbar() {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  /** The avatar menu's button: Help opens from its menu, and the focus comes back to it when Help closes. */
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // A link deleted moments ago (its Undo still showing) is deleted before the session ends.
  const signOut = () =>
    void sendPendingDeletes().then(() => logout.mutate(undefined, { onSettled: () => navigate('/') }));

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 min-[360px]:px-4 sm:gap-4 sm:px-6"
      >
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded-md" aria-label="Linkbio home">
            <Logo compact={!user} />
          </Link>
          <div className="hidden items-center gap-4 text-sm font-medium sm:flex">
            <Link to="/" className="rounded-md text-muted-foreground hover:text-foreground">
              Home
            </Link>
            {user ? (
              <>
                <Link to="/dashboard" className="rounded-md text-muted-foreground hover:text-foreground">
                  Dashboard
                </Link>
                <Link to="/dashboard/account" className="rounded-md text-muted-foreground hover:text-foreground">
                  Account
                </Link>
              </>
            ) : null}
          </div>
        </div>

        {isPending ? (
          <div
            data-testid="user-placeholder"
            aria-label="Loading your account"
            className="size-9 rounded-full bg-slate-200"
          />
        ) : user ? (
          <>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <button
                  ref={menuButtonRef}
                  type="button"
                  aria-label={`Account menu for ${user.displayName}`}
                  className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Avatar src={user.avatar} name={user.displayName} />
                </button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>
                  <p className="font-medium">{user.displayName}</p>
                  <p className="text-xs text-muted-foreground">@{user.username}</p>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
                  <LayoutDashboard aria-hidden="true" /> Dashboard
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate('/dashboard/account')}>
                  <UserCog aria-hidden="true" /> Account
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => window.location.assign(`/${user.username}`)}>
                  <UserRound aria-hidden="true" /> View Profile
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setHelpOpen(true)}>
                  <LifeBuoy aria-hidden="true" /> Help
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={signOut}>
                  <LogOut aria-hidden="true" /> Sign Out
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <SupportDialog
              open={helpOpen}
              onOpenChange={setHelpOpen}
              isPremium={user.isPremium}
              returnFocusTo={menuButtonRef}
            />
          </>
        ) : (
          // Narrower padding and the mark alone on the smallest phones, so both buttons fit 320 px.
          <div className="flex items-center gap-1 sm:gap-2">
            <Button variant="ghost" asChild className="px-3 sm:px-4">
              <Link to="/auth">Sign In</Link>
            </Button>
            <Button asChild className="px-3 sm:px-4">
              <Link to="/auth">Get Started</Link>
            </Button>
          </div>
        )}
      </nav>
    </header>
  );
}
