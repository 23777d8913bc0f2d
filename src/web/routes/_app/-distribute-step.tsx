import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { toast } from '@/web/lib/toast';
import { SendToContact } from '@/web/features/distribution/send-to-contact';
import { useTrpc } from '@/web/lib/trpc';
import { resetWizard, updateWizard, useWizard } from '@/web/features/create-video/store';

/**
 * The Send To Contact step's body (spec part 2 §2.1): the saved video goes to contacts over the
 * chosen channels; once sent, the final screen follows the real renders and deliveries, and
 * Continue starts afresh at the site root. Without a saved video (or one deleted since) the user
 * goes back to the preview step with the reason.
 */
export function DistributeStep() {
  const { LL } = useI18nContext();
  const C = LL.createVideo;
  const trpc = useTrpc();
  const videoId = useWizard((s) => s.savedVideoId);
  const video = useQuery({ ...trpc.videos.byId.queryOptions({ id: videoId ?? '' }), enabled: !!videoId, retry: false });
  const gone = video.isError && video.error.data?.code === 'NOT_FOUND';
  const backToPreview = useEffectEvent((deleted: boolean) => {
    toast(
      deleted
        ? { title: C.videoGone(), description: C.videoGoneText(), variant: 'destructive' }
        : { title: C.noVideo(), description: C.noVideoText(), variant: 'destructive' },
    );
    updateWizard({ step: 'preview', ...(deleted ? { savedVideoId: null, render: null } : {}) });
  });
  useEffect(() => {
    if (videoId && !gone) return;
    backToPreview(gone);
  }, [videoId, gone]);
  const navigate = useNavigate();
  const leave = (to: string) => {
    resetWizard();
    void navigate({ to });
  };
  if (!videoId || gone) return null;
  return <SendToContact key={videoId} videoId={videoId} onFinished={() => leave('/')} onCampaigns={() => leave('/campaigns')} />;
}
