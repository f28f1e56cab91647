import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@/lib/cn';

interface AvatarProps {
  src: string | null | undefined;
  /** Display name: the fallback shows its first letter, uppercased (spec §2). */
  name: string;
  className?: string;
}

export function Avatar({ src, name, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
      >
        {name.charAt(0).toUpperCase()}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
