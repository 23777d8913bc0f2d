import { useNavigate } from '@tanstack/react-router';
import { SendToContact } from '@/web/features/distribution/send-to-contact';
import { resetWizard, useWizard } from '@/web/features/create-video/store';

/**
 * The Send To Contact step's body (spec part 2 §2.1): the saved video goes to contacts over the
 * chosen channels; once sent, the final screen follows the real renders and deliveries, and
 * Continue starts afresh at the site root.
 */
export function DistributeStep() {
  const videoId = useWizard((s) => s.savedVideoId);
  const navigate = useNavigate();
  const leave = (to: string) => {
    resetWizard();
    void navigate({ to });
  };
  return <SendToContact key={videoId ?? 'none'} videoId={videoId} onFinished={() => leave('/')} onCampaigns={() => leave('/campaigns')} />;
}
