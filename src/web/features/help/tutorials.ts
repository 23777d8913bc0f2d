import { useI18nContext } from '@locales/i18n-react';

/** The written tutorials: /tutorial shows them, /help lists them. */
export function useTutorials() {
  const { LL } = useI18nContext();
  const t = LL.tutorial;
  return [
    { id: 'getting-started', title: t.gettingStarted.title(), steps: t.gettingStarted.steps().split('|') },
    { id: 'first-video', title: t.firstVideo.title(), steps: t.firstVideo.steps({ variable: '{first_name}' }).split('|') },
    { id: 'campaigns', title: t.runCampaign.title(), steps: t.runCampaign.steps().split('|') },
    { id: 'distribution', title: t.sendVideos.title(), steps: t.sendVideos.steps().split('|') },
  ];
}
