import type { BaseTranslation } from '../../i18n-types';

const en_tutorial = {
  title: 'Tutorials',
  subtitle: 'Learn how to create and send personalised videos.',
  gettingStarted: {
    title: 'Getting started',
    steps: 'Complete your profile and upload a picture.|Choose your language and theme in Settings.|Check your plan and usage in Subscription.',
  },
  firstVideo: {
    title: 'Create your first video',
    steps:
      'Click Create New in the sidebar.|Pick an avatar, a voice and a template.|Write your script; use variables such as {variable:string} to personalise it.|Generate the video and follow its progress.',
  },
  runCampaign: {
    title: 'Run a campaign',
    steps:
      'Open Campaigns and create a campaign.|Select videos, then fill in the name, sector, dates and budget.|Choose the distribution platforms and launch.',
  },
  sendVideos: {
    title: 'Send videos to your contacts',
    steps: 'Connect your accounts in Social Profiles.|Import your contacts from a CSV file.|Send: each contact gets a personal landing page with their video.',
  },
} satisfies BaseTranslation;

export default en_tutorial;
