import { Lightbulb } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';

/** What makes a good avatar, as the upload dialog and the camera panel say it; a clip has its own line. */
export function AvatarGuidance({ clip = false, photo = true }: { clip?: boolean; photo?: boolean }) {
  const { LL } = useI18nContext();
  const C = LL.camera;
  return (
    <div className="rounded-box bg-base-200/70 px-3 py-2 text-sm" data-testid="avatar-guidance">
      <p className="flex items-center gap-1.5 font-medium">
        <Lightbulb className="size-4 shrink-0 text-warning" aria-hidden /> {C.tipsTitle()}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5 text-base-content/80">
        {photo && <li>{C.photoTips()}</li>}
        {clip && <li>{C.clipTips()}</li>}
      </ul>
    </div>
  );
}
