import { UserRound } from 'lucide-react';
import { useState } from 'react';

/** The avatar's picture; a missing or broken image falls back to a neutral placeholder (spec part 2 §2.2). */
export function AvatarImage({ src, alt, className = '' }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className={`relative overflow-hidden bg-gradient-to-br from-base-200 to-base-300 ${className}`}>
      {broken ? (
        <div className="flex size-full items-center justify-center text-base-content/35" data-testid="avatar-placeholder">
          <UserRound className="size-1/2" aria-hidden />
          <span className="sr-only">{alt}</span>
        </div>
      ) : (
        <img src={src} alt={alt} className="size-full object-cover" loading="lazy" onError={() => setFailedSrc(src)} />
      )}
    </div>
  );
}
