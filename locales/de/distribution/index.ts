import en_distribution from '../../en/distribution';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceDistributionTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_distribution = namespaceWithFallback<NamespaceDistributionTranslation>(en_distribution, {});

export default de_distribution;
