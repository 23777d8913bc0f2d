import { Link } from '@tanstack/react-router';
import { Megaphone, Send, Video } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';

// Pages of other features, linked by address.
const MY_VIDEOS: string = '/my-videos';

/**
 * The Send To Contact step's body. Sending (contacts, channels, message) is the distribution
 * feature's: it replaces this component. Until then the step says what comes next, honestly.
 */
export function DistributeStep() {
  const { LL } = useI18nContext();
  const D = LL.createVideo.distribute;
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center" data-testid="distribute-placeholder">
      <div className="rounded-full bg-primary/10 p-4 text-primary">
        <Send className="size-8" aria-hidden />
      </div>
      <h2 className="text-xl font-semibold">{D.title()}</h2>
      <p className="max-w-xl text-base-content/70">{D.text()}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={MY_VIDEOS} className="btn btn-primary">
          <Video className="size-4" aria-hidden /> {D.myVideos()}
        </Link>
        <Link to="/campaigns" className="btn btn-outline">
          <Megaphone className="size-4" aria-hidden /> {D.campaigns()}
        </Link>
      </div>
    </div>
  );
}
