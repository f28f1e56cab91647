import { Camera, UserRound } from 'lucide-react';
import { useState } from 'react';
import { AVATAR_MAX_BYTES, type UserView } from '@linkbio/shared-contracts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useUpdateAvatar } from '../api/update-avatar';
import { LazyImageUploadDialog, preloadImageUploadDialog } from './lazy-image-upload-dialog';
import { SettingsCard } from '@/components/settings-card';

export const AVATAR_HINT = 'JPG, PNG up to 2MB. Square images work best.';

interface ProfilePictureCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

/** Profile Picture: the current avatar (or initial) and the upload dialog (spec §2). */
export function ProfilePictureCard({ user, onUserChange, className }: ProfilePictureCardProps) {
  const [uploading, setUploading] = useState(false);
  const saveAvatar = useUpdateAvatar(onUserChange);

  const stored = async (url: string) => {
    await saveAvatar.mutateAsync(url);
    toast({ title: 'Profile picture updated' });
  };
  const failed = () =>
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to update profile picture. Please try again.',
    });

  return (
    <SettingsCard
      className={className}
      id="profile-picture"
      icon={UserRound}
      title="Profile Picture"
      description="The picture at the top of your page."
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-4 py-2 text-center">
        <Avatar
          src={user.avatar}
          name={user.displayName}
          className="size-28 text-4xl shadow-sm ring-4 ring-accent ring-offset-2"
        />
        <div className="min-w-0 max-w-full">
          <p className="truncate font-semibold">{user.displayName}</p>
          <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => setUploading(true)}
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
        >
          <Camera aria-hidden="true" /> {user.avatar ? 'Change picture' : 'Upload picture'}
        </Button>
        <p className="text-xs text-muted-foreground">{AVATAR_HINT}</p>
      </div>
      <LazyImageUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        title="Upload a profile picture"
        description="Choose one image from your device."
        note={AVATAR_HINT}
        maxFileSize={AVATAR_MAX_BYTES}
        onUploaded={stored}
        onFailed={failed}
      />
    </SettingsCard>
  );
}
