import { CAMPAIGN_MESSAGES } from '@/domains/campaigns/schemas';
import { VIDEO_MESSAGES } from '@/domains/videos/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { useTranslateMessage } from '../../lib/validation';

/** The shared schemas carry the spec's English messages; these are shown in the user's language. */
export function useCampaignMessage() {
  const { LL } = useI18nContext();
  const shared = useTranslateMessage();
  const known: Record<string, () => string> = {
    [CAMPAIGN_MESSAGES.name]: LL.campaigns.wizard.missingName,
    [CAMPAIGN_MESSAGES.videos]: LL.campaigns.wizard.noVideosSelected,
    [CAMPAIGN_MESSAGES.platforms]: LL.campaigns.wizard.noPlatforms,
    [CAMPAIGN_MESSAGES.dates]: LL.campaigns.messages.endBeforeStart,
    [CAMPAIGN_MESSAGES.sector]: LL.campaigns.messages.sector,
    [CAMPAIGN_MESSAGES.budget]: LL.campaigns.messages.budget,
    [CAMPAIGN_MESSAGES.spent]: LL.campaigns.messages.spent,
    [CAMPAIGN_MESSAGES.ctaUrl]: LL.campaigns.messages.ctaUrl,
    [VIDEO_MESSAGES.title]: LL.campaigns.messages.videoTitle,
    [VIDEO_MESSAGES.notFinished]: LL.campaigns.videosTab.notFinished,
  };
  return (message: string | undefined) => (message === undefined ? undefined : (known[message]?.() ?? shared(message)));
}
