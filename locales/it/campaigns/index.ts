import en_campaigns from '../../en/campaigns';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceCampaignsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_campaigns = namespaceWithFallback<NamespaceCampaignsTranslation>(en_campaigns, {});

export default it_campaigns;
