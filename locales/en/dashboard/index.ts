import type { BaseTranslation } from '../../i18n-types';

const en_dashboard = {
  title: 'Performance Indicator',
  welcome: 'Welcome, {name:string}',
  subtitle: 'Your videos, their views and your campaigns at a glance.',
  videoCount: 'Videos',
  totalViews: 'Total views',
  engagementRate: 'Engagement rate',
  remainingCredits: 'Remaining credits',
  unlimited: 'Unlimited',
  topCampaigns: 'Top campaigns',
  topCampaignsHint: 'Your five campaigns with the most views.',
  viewAll: 'View all',
  noCampaigns: 'No campaigns yet',
  noCampaignsText: 'Group your videos in a campaign to follow their results here.',
  createCampaign: 'Create Campaign',
  popularTemplates: 'Popular templates',
  popularTemplatesHint: 'The templates your videos use most.',
  useTemplate: 'Use template',
  templateTypes: {
    business: 'Business',
    social: 'Social',
    personal: 'Personal',
  },
  table: {
    campaign: 'Campaign',
    status: 'Status',
    videos: 'Videos',
    deliveredTo: 'Delivered to',
    views: 'Views',
    engagement: 'Engagement',
    ctr: 'CTR',
  },
} satisfies BaseTranslation;

export default en_dashboard;
